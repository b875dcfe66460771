import { DollarOutlined, NodeIndexOutlined } from '@ant-design/icons';
import type { Load } from '@tms/contracts';
import { DECORATIVE_ICON, ListPage, type SearchField } from '@tms/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LoadDialog } from './LoadDialog.js';
import { loadColumns } from './load-columns.js';
import { loadInvoiceActions, usePaperworkCheck } from './load-invoice.js';
import { loadsApi } from './loads.api.js';
import { loadTexts } from './load-form.js';
import { STOP_TEXTS } from './stop-form.js';
import { StopsDrawer } from './StopsDrawer.js';
import { ChargesDrawer } from './ChargesDrawer.js';
import { CHARGE_TEXTS } from './charge-form.js';

/** Spec 2.5: search matches load number, pickup location and delivery location. */
const SEARCH_FIELDS: SearchField<Load>[] = ['loadNumber', 'pickupLocation', 'deliveryLocation'];

/** Loads (/loads), with Import (a CSV, stops included); every row menu has 'Stops' and 'Charges' (drawers), a delivered load's also 'Create Invoice'. */
export function LoadsPage() {
  const navigate = useNavigate();
  const [stopsOf, setStopsOf] = useState<Load | null>(null);
  const [chargesOf, setChargesOf] = useState<Load | null>(null);
  const paperworkCheck = usePaperworkCheck();
  return (
    <>
      <ListPage<Load>
        title="Loads"
        subtitle="Manage your shipments and deliveries"
        texts={loadTexts}
        api={loadsApi}
        columns={loadColumns}
        searchFields={SEARCH_FIELDS}
        dialog={LoadDialog}
        importTitle="Import Loads"
        rowActions={(load) => [
          { key: 'stops', label: STOP_TEXTS.menu, icon: <NodeIndexOutlined {...DECORATIVE_ICON} />, onClick: () => setStopsOf(load) },
          { key: 'charges', label: CHARGE_TEXTS.menu, icon: <DollarOutlined {...DECORATIVE_ICON} />, onClick: () => setChargesOf(load) },
          ...loadInvoiceActions(load, navigate, paperworkCheck),
        ]}
      />
      <StopsDrawer load={stopsOf} onClose={() => setStopsOf(null)} />
      <ChargesDrawer load={chargesOf} onClose={() => setChargesOf(null)} />
    </>
  );
}
