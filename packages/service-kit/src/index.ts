// The service kit, by concern: crud/ (the write path and lists), audit/, references/, transport/ (NATS), observe/.
export * from './config.js';
export * from './company-time-zone.js';
export * from './database.js';
export * from './errors.js';
export * from './refusal.js';
export * from './service.js';

export * from './crud/crud.service.js';
export * from './crud/crud.controller.js';
export * from './crud/crud-import.js';
export * from './crud/csv-rows.js';
export * from './crud/list-pages.js';
export * from './crud/recent-pages.js';
export * from './crud/idempotency.js';
export * from './crud/sql.js';

export * from './audit/writes.js';
export * from './audit/migration.js';
export * from './audit/page.js';
export * from './audit/controller.js';

export * from './references/references.js';
export * from './references/reference-holds.js';
export * from './references/reference-holds.controller.js';

export * from './transport/nats-connection.js';
export * from './transport/service-requests.js';
export * from './transport/service-requests.module.js';
export * from './transport/deadline.js';
export * from './transport/object-bucket.js';
export * from './transport/reply-serializer.js';
export * from './transport/upload-store.js';

export * from './observe/observe.js';
export * from './observe/logging.js';
export * from './observe/metrics.js';
export * from './observe/request-id.js';
export * from './observe/observed-requests.js';
export * from './observe/health-checks.js';
export { activeSpan, tracing } from './observe/tracing.js';
