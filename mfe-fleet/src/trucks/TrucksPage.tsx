import type { Truck } from '@tms/contracts';
import { ListPage, type SearchField } from '@tms/ui';
import { TruckDialog } from './TruckDialog.js';
import { truckColumns } from './truck-columns.js';
import { trucksApi } from './trucks.api.js';
import { truckTexts } from './truck-form.js';

/** Spec 2.6: search matches truck number, license plate and type. */
const SEARCH_FIELDS: SearchField<Truck>[] = ['truckNumber', 'licensePlate', 'type'];

/** Fleet Management (/fleet). */
export function TrucksPage() {
  return (
    <ListPage<Truck>
      title="Fleet Management"
      subtitle="Manage your trucks and vehicles"
      texts={truckTexts}
      api={trucksApi}
      columns={truckColumns}
      searchFields={SEARCH_FIELDS}
      dialog={TruckDialog}
      importTitle="Import Trucks"
    />
  );
}
