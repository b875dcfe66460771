import { auditTrailMigration } from '@tms/service-kit';

/** The audit trail of every change made through the API (service-kit: audit/migration.ts). */
export const AuditTrail1765100000000 = auditTrailMigration('telematics', 1765100000000);
