import type { Customer, Invoice, Load } from '@tms/contracts';
import { ListPage } from '@tms/ui';
import { useMemo } from 'react';
import { useLookup } from '../shared/lookups.js';
import { InvoiceDialog } from './InvoiceDialog.js';
import { invoiceColumns, invoiceSearchFields } from './invoice-columns.js';
import { invoicesApi } from './invoices.api.js';
import { invoiceTexts } from './invoice-form.js';

/** Accounting's Invoices tab. */
export function InvoicesTab() {
  const loads = useLookup<Load>('loads');
  const customers = useLookup<Customer>('customers');
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
