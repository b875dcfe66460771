import { auditTrailMigration } from '@tms/service-kit';

/** The audit trail of every change made through the API (service-kit: audit/migration.ts). */
export const AuditTrail1764400000000 = auditTrailMigration('accounting', 1764400000000);
