export * from './gps-stream.js';
export * from './device-token.js';
export * from './gps-metrics.js';
export * from './gps-stream-leaders.js';
