export * from './rpc.js';
export * from './subjects.js';
export * from './fields.js';
export * from './user.js';
export * from './fleet/truck.js';
export * from './fleet/driver.js';
export * from './resources.js';
