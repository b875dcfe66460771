import { INVOICE_MESSAGES } from '@tms/contracts';
import type { HolderOf } from '@tms/service-kit';
import { InvoiceEntity } from './invoice.entity.js';

/** An invoice names a load and a customer of svc-core, held there while it does. */
export const INVOICE_HOLDS: HolderOf<InvoiceEntity> = {
  holder: 'accounting.invoices',
  entity: InvoiceEntity,
  references: (invoice) => [
    { field: 'loadId', kind: 'load', id: invoice.loadId, message: INVOICE_MESSAGES.loadNotFound },
    { field: 'customerId', kind: 'customer', id: invoice.customerId, message: INVOICE_MESSAGES.customerNotFound },
  ],
};
