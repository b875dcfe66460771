import type { Customer } from '@tms/contracts';
import { ListPage, type SearchField } from '@tms/ui';
import { CustomerDialog } from './CustomerDialog.js';
import { customerColumns } from './customer-columns.js';
import { customersApi } from './customers.api.js';
import { customerTexts } from './customer-form.js';

/** Spec 2.8: search matches name, e-mail and phone. */
const SEARCH_FIELDS: SearchField<Customer>[] = ['name', 'email', 'phone'];

/** Customer Management (/customers). */
export function CustomersPage() {
  return (
    <ListPage<Customer>
      title="Customer Management"
      subtitle="Manage your shippers and receivers"
      texts={customerTexts}
      api={customersApi}
      columns={customerColumns}
      searchFields={SEARCH_FIELDS}
      dialog={CustomerDialog}
      importTitle="Import Customers"
    />
  );
}
