import { REMITTANCE_MESSAGES } from '@tms/contracts';
import type { HolderOf } from '@tms/service-kit';
import { RemittanceEntity } from './remittance.entity.js';

/** A remittance names a customer of svc-core (its payments name the same one, and live and die with it). */
export const REMITTANCE_HOLDS: HolderOf<RemittanceEntity> = {
  holder: 'accounting.remittances',
  entity: RemittanceEntity,
  references: (remittance) => [{ field: 'customerId', kind: 'customer', id: remittance.customerId, message: REMITTANCE_MESSAGES.customerNotFound }],
};
