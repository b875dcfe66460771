import { idempotencyKeysMigration } from '@tms/service-kit';

/** The Idempotency-Keys of creates, so a create sent twice makes one record (service-kit: crud/idempotency.ts). */
export const IdempotencyKeys1766000000000 = idempotencyKeysMigration('core', 1766000000000);
