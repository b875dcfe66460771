import { RollbackOutlined, WalletOutlined } from '@ant-design/icons';
import type { Payment } from '@tms/contracts';
import { ApiError, DECORATIVE_ICON, ListPage, useLookup, useToast, type RowAction } from '@tms/ui';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { PaymentDialog } from './PaymentDialog.js';
import { ReceivePaymentDialog, remittancesApi } from './ReceivePaymentDialog.js';
import { paymentColumns, paymentSearchFields } from './payment-columns.js';
import { paymentsApi } from './payments.api.js';
import { paymentTexts } from './payment-form.js';
import { REVERSE_TEXTS } from './remittance-form.js';

/** Accounting's Payments tab, with 'Receive Payment' (one remittance over many invoices, issue 46) beside the spec's button. */
export function PaymentsTab() {
  const invoices = useLookup('invoices');
  const customers = useLookup('customers');
  const columns = useMemo(() => paymentColumns(invoices, customers), [invoices, customers]);
  const searchFields = useMemo(() => paymentSearchFields(invoices, customers), [invoices, customers]);
  // Each opening mounts a fresh dialog (a new `session`), as the list's own dialog does.
  const [receiving, setReceiving] = useState({ open: false, session: 0 });
  const reverse = remittancesApi.useDelete();
  const toast = useToast();

  // A payment a remittance made is reversed with the remittance, whole.
  const rowActions = (payment: Payment): RowAction[] =>
    payment.remittanceId
      ? [
          {
            key: 'reverse-remittance',
            label: REVERSE_TEXTS.action,
            icon: <RollbackOutlined {...DECORATIVE_ICON} />,
            onClick: () => {
              if (!window.confirm(REVERSE_TEXTS.confirm)) return;
              reverse.mutate(payment.remittanceId!, {
                onSuccess: () => toast.success(REVERSE_TEXTS.done),
                onError: (error) => toast.error(REVERSE_TEXTS.failed, error instanceof ApiError ? error.conflictReason : undefined),
              });
            },
          },
        ]
      : [];

  return (
    <>
      <ListPage<Payment>
        title="Payments"
        headingLevel={2}
        texts={paymentTexts}
        api={paymentsApi}
        columns={columns}
        searchFields={searchFields}
        dialog={PaymentDialog}
        rowActions={rowActions}
        actions={
          <Button icon={<WalletOutlined {...DECORATIVE_ICON} />} onClick={() => setReceiving(({ session }) => ({ open: true, session: session + 1 }))}>
            Receive Payment
          </Button>
        }
      />
      {receiving.session > 0 && (
        <ReceivePaymentDialog key={receiving.session} open={receiving.open} onClose={() => setReceiving((current) => ({ ...current, open: false }))} />
      )}
    </>
  );
}
