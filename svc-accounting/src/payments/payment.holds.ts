import { PAYMENT_MESSAGES } from '@tms/contracts';
import type { HolderOf } from '@tms/service-kit';
import { PaymentEntity } from './payment.entity.js';

/** A payment names a customer of svc-core (its invoice is this service's own, by foreign key). */
export const PAYMENT_HOLDS: HolderOf<PaymentEntity> = {
  holder: 'accounting.payments',
  entity: PaymentEntity,
  references: (payment) => [{ field: 'customerId', kind: 'customer', id: payment.customerId, message: PAYMENT_MESSAGES.customerNotFound }],
};
