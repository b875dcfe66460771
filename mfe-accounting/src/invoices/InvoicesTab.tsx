import type { Invoice } from '@tms/contracts';
import { ListPage, useLookup } from '@tms/ui';
import { useMemo } from 'react';
import { InvoiceDialog } from './InvoiceDialog.js';
import { invoiceColumns, invoiceSearchFields } from './invoice-columns.js';
import { invoicesApi } from './invoices.api.js';
import { invoiceTexts } from './invoice-form.js';

/** Accounting's Invoices tab. */
export function InvoicesTab() {
  const loads = useLookup('loads');
  const customers = useLookup('customers');
  const columns = useMemo(() => invoiceColumns(loads, customers), [loads, customers]);
  const searchFields = useMemo(() => invoiceSearchFields(loads, customers), [loads, customers]);
  return (
    <ListPage<Invoice>
      title="Invoices"
      headingLevel={2}
      texts={invoiceTexts}
      api={invoicesApi}
      columns={columns}
      searchFields={searchFields}
      dialog={InvoiceDialog}
    />
  );
}
