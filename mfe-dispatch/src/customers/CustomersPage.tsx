import type { Customer } from '@tms/contracts';
import { CustomerDrawer, ListPage, openRowAction, useOpenRecord, type SearchField } from '@tms/ui';
import { CustomerDialog } from './CustomerDialog.js';
import { customerColumns } from './customer-columns.js';
import { customersApi } from './customers.api.js';
import { customerTexts } from './customer-form.js';

/** Spec 2.8: search matches name, e-mail and phone. */
const SEARCH_FIELDS: SearchField<Customer>[] = ['name', 'email', 'phone'];

/** Customer Management (/customers); a row click (or 'Open') opens the customer's drawer, kept in the URL (`?open=<id>`). */
export function CustomersPage() {
  const [openId, setOpenId] = useOpenRecord();
  return (
    <>
      <ListPage<Customer>
        title="Customer Management"
        subtitle="Manage your shippers and receivers"
        texts={customerTexts}
        api={customersApi}
        columns={customerColumns}
        searchFields={SEARCH_FIELDS}
        dialog={CustomerDialog}
        importTitle="Import Customers"
        onOpen={(customer) => setOpenId(customer.id)}
        rowActions={(customer) => [openRowAction(() => setOpenId(customer.id))]}
      />
      <CustomerDrawer customerId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
