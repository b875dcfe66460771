export * from './choices.js';
export * from './amounts.js';
export * from './invoice.js';
export * from './expense.js';
export * from './payment.js';
export * from './settlement.js';
