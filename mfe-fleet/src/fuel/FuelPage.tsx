import type { FuelPurchase } from '@tms/contracts';
import { UploadOutlined } from '@ant-design/icons';
import { DECORATIVE_ICON, ListPage, useLookup, type SearchField } from '@tms/ui';
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { FuelDialog } from './FuelDialog.js';
import { FuelImportDialog } from './FuelImportDialog.js';
import { fuelColumns } from './fuel-columns.js';
import { fuelApi } from './fuel.api.js';
import { fuelTexts } from './fuel-form.js';

/**
 * Fuel Management (/fuel): purchases, each with its truck and driver from their lists; 'Import Fuel Card Statement'
 * (issue 48) beside the spec's button.
 */
export function FuelPage() {
  const trucks = useLookup('trucks');
  const drivers = useLookup('drivers');
  const columns = useMemo(() => fuelColumns(trucks, drivers), [trucks, drivers]);
  // Spec 2.13: search matches truck number, driver name, vendor and location.
  const searchFields = useMemo<SearchField<FuelPurchase>[]>(
    () => [(purchase) => trucks.label(purchase.truckId), (purchase) => drivers.label(purchase.driverId), 'vendor', 'location'],
    [trucks, drivers],
  );
  // A dialog per opening (its session): each starts from the layout and file chosen anew.
  const [importing, setImporting] = useState({ open: false, session: 0 });

  return (
    <>
      <ListPage<FuelPurchase>
        title="Fuel Management"
        subtitle="Track fuel purchases and fuel card transactions"
        texts={fuelTexts}
        api={fuelApi}
        columns={columns}
        searchFields={searchFields}
        dialog={FuelDialog}
        actions={
          <Button icon={<UploadOutlined {...DECORATIVE_ICON} />} onClick={() => setImporting(({ session }) => ({ open: true, session: session + 1 }))}>
            Import Fuel Card Statement
          </Button>
        }
      />
      {importing.session > 0 && <FuelImportDialog key={importing.session} open={importing.open} onClose={() => setImporting((current) => ({ ...current, open: false }))} />}
    </>
  );
}
