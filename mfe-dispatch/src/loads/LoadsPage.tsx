import type { Load } from '@tms/contracts';
import { ListPage, type SearchField } from '@tms/ui';
import { useNavigate } from 'react-router-dom';
import { LoadDialog } from './LoadDialog.js';
import { loadColumns } from './load-columns.js';
import { loadInvoiceActions } from './load-invoice.js';
import { loadsApi } from './loads.api.js';
import { loadTexts } from './load-form.js';

/** Spec 2.5: search matches load number, pickup location and delivery location. */
const SEARCH_FIELDS: SearchField<Load>[] = ['loadNumber', 'pickupLocation', 'deliveryLocation'];

/** Loads (/loads); a delivered load's row menu also has 'Create Invoice'. */
export function LoadsPage() {
  const navigate = useNavigate();
  return (
    <ListPage<Load>
      title="Loads"
      subtitle="Manage your shipments and deliveries"
      texts={loadTexts}
      api={loadsApi}
      columns={loadColumns}
      searchFields={SEARCH_FIELDS}
      dialog={LoadDialog}
      rowActions={(load) => loadInvoiceActions(load, navigate)}
    />
  );
}
