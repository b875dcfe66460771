export * from './config.js';
export * from './database.js';
export * from './errors.js';
export * from './crud.service.js';
export * from './crud.controller.js';
export * from './deadline.js';
export * from './service.js';
