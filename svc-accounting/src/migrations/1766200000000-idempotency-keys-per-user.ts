import { idempotencyKeysPerUserMigration } from '@tms/service-kit';

/** Idempotency keys per user: the same key from two users makes two records. */
export const IdempotencyKeysPerUser1766200000000 = idempotencyKeysPerUserMigration('accounting', 1766200000000);
