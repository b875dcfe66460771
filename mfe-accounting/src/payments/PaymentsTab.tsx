import type { Customer, Invoice, Payment } from '@tms/contracts';
import { ListPage } from '@tms/ui';
import { useMemo } from 'react';
import { useLookup } from '../shared/lookups.js';
import { PaymentDialog } from './PaymentDialog.js';
import { paymentColumns, paymentSearchFields } from './payment-columns.js';
import { paymentsApi } from './payments.api.js';
import { paymentTexts } from './payment-form.js';

/** Accounting's Payments tab. */
export function PaymentsTab() {
  const invoices = useLookup<Invoice>('invoices');
  const customers = useLookup<Customer>('customers');
  const columns = useMemo(() => paymentColumns(invoices, customers), [invoices, customers]);
  const searchFields = useMemo(() => paymentSearchFields(invoices, customers), [invoices, customers]);
  return (
    <ListPage<Payment>
      title="Payments"
      headingLevel={2}
      texts={paymentTexts}
      api={paymentsApi}
      columns={columns}
      searchFields={searchFields}
      dialog={PaymentDialog}
    />
  );
}
