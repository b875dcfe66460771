export * from './device.js';
export * from './gps.js';
export * from './osmand.js';
export * from './subjects.js';
