import type { Payment } from '@tms/contracts';
import { ListPage, useLookup } from '@tms/ui';
import { useMemo } from 'react';
import { PaymentDialog } from './PaymentDialog.js';
import { paymentColumns, paymentSearchFields } from './payment-columns.js';
import { paymentsApi } from './payments.api.js';
import { paymentTexts } from './payment-form.js';

/** Accounting's Payments tab. */
export function PaymentsTab() {
  const invoices = useLookup('invoices');
  const customers = useLookup('customers');
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
