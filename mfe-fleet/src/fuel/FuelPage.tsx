import type { FuelPurchase } from '@tms/contracts';
import { ListPage, useLookup, type SearchField } from '@tms/ui';
import { useMemo } from 'react';
import { FuelDialog } from './FuelDialog.js';
import { fuelColumns } from './fuel-columns.js';
import { fuelApi } from './fuel.api.js';
import { fuelTexts } from './fuel-form.js';

/** Fuel Management (/fuel): purchases, each with its truck and driver from their lists. */
export function FuelPage() {
  const trucks = useLookup('trucks');
  const drivers = useLookup('drivers');
  const columns = useMemo(() => fuelColumns(trucks, drivers), [trucks, drivers]);
  // Spec 2.13: search matches truck number, driver name, vendor and location.
  const searchFields = useMemo<SearchField<FuelPurchase>[]>(
    () => [(purchase) => trucks.label(purchase.truckId), (purchase) => drivers.label(purchase.driverId), 'vendor', 'location'],
    [trucks, drivers],
  );

  return (
    <ListPage<FuelPurchase>
      title="Fuel Management"
      subtitle="Track fuel purchases and fuel card transactions"
      texts={fuelTexts}
      api={fuelApi}
      columns={columns}
      searchFields={searchFields}
      dialog={FuelDialog}
    />
  );
}
