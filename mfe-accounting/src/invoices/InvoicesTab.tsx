import { FileDoneOutlined, FilePdfOutlined, MailOutlined } from '@ant-design/icons';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type Invoice } from '@tms/contracts';
import { DECORATIVE_ICON, ListPage, optionsOf, SEARCHABLE, SEND_INVOICE_TEXTS, SendInvoiceDialog, useChoices, useLookup, type ListFilter, type RowAction } from '@tms/ui';
import { useMemo, useState } from 'react';
import { useDownload } from '../shared/download.js';
import { InvoiceDialog } from './InvoiceDialog.js';
import { InvoiceFromLoad, useInvoiceForLoad } from './InvoiceFromLoad.js';
import { invoiceColumns, invoiceSearchFields } from './invoice-columns.js';
import { invoicePacketUrl, invoicePdfUrl, invoicesApi } from './invoices.api.js';
import { INVOICE_DOWNLOAD_TEXTS, INVOICE_FILTER_TEXTS, invoiceTexts } from './invoice-form.js';

/** Issue 47: invoices by status (several at once; 'Unpaid' is sent and still owed, overdue or not) and customer. */
function useInvoiceFilters(): ListFilter[] {
  const customers = useChoices('customers');
  return useMemo(
    () => [
      {
        field: 'status',
        label: INVOICE_FILTER_TEXTS.status,
        choices: { options: [{ value: 'unpaid', label: INVOICE_FILTER_TEXTS.unpaid }, ...optionsOf(INVOICE_STATUSES, INVOICE_STATUS_LABELS)], showSearch: SEARCHABLE },
        multiple: true,
      },
      { field: 'customerId', label: INVOICE_FILTER_TEXTS.customer, choices: customers },
    ],
    [customers],
  );
}

/** Accounting's Invoices tab; with `?invoiceForLoad=<id>` it opens 'Create Invoice' filled from that delivered load. */
export function InvoicesTab() {
  const loads = useLookup('loads');
  const customers = useLookup('customers');
  const columns = useMemo(() => invoiceColumns(loads, customers), [loads, customers]);
  const searchFields = useMemo(() => invoiceSearchFields(loads, customers), [loads, customers]);
  const [invoiceForLoad, forgetInvoiceForLoad] = useInvoiceForLoad();
  const download = useDownload();
  const [sending, setSending] = useState<Invoice | null>(null);
  const filters = useInvoiceFilters();
  const rowActions = (invoice: Invoice): RowAction[] => [
    {
      key: 'download-invoice',
      label: INVOICE_DOWNLOAD_TEXTS.invoice,
      icon: <FilePdfOutlined {...DECORATIVE_ICON} />,
      onClick: () => download(invoicePdfUrl(invoice), INVOICE_DOWNLOAD_TEXTS.invoiceFailed),
    },
    {
      key: 'download-packet',
      label: INVOICE_DOWNLOAD_TEXTS.packet,
      icon: <FileDoneOutlined {...DECORATIVE_ICON} />,
      onClick: () => download(invoicePacketUrl(invoice), INVOICE_DOWNLOAD_TEXTS.packetFailed),
    },
    { key: 'send-invoice', label: SEND_INVOICE_TEXTS.menu, icon: <MailOutlined {...DECORATIVE_ICON} />, onClick: () => setSending(invoice) },
  ];
  return (
    <>
      <ListPage<Invoice>
        title="Invoices"
        headingLevel={2}
        texts={invoiceTexts}
        api={invoicesApi}
        columns={columns}
        searchFields={searchFields}
        dialog={InvoiceDialog}
        filters={filters}
        rowActions={rowActions}
      />
      {sending && <SendInvoiceDialog key={sending.id} invoice={sending} onClose={() => setSending(null)} />}
      {invoiceForLoad && <InvoiceFromLoad key={invoiceForLoad} loadId={invoiceForLoad} onClose={forgetInvoiceForLoad} />}
    </>
  );
}
