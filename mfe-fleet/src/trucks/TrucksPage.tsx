import type { Truck } from '@tms/contracts';
import { ListPage, openRowAction, TruckDrawer, useOpenRecord, type SearchField } from '@tms/ui';
import { TruckDialog } from './TruckDialog.js';
import { truckColumns } from './truck-columns.js';
import { trucksApi } from './trucks.api.js';
import { truckTexts } from './truck-form.js';

/** Spec 2.6: search matches truck number, license plate and type. */
const SEARCH_FIELDS: SearchField<Truck>[] = ['truckNumber', 'licensePlate', 'type'];

/** Fleet Management (/fleet); a row click (or 'Open') opens the truck's drawer, kept in the URL (`?open=<id>`). */
export function TrucksPage() {
  const [openId, setOpenId] = useOpenRecord();
  return (
    <>
      <ListPage<Truck>
        title="Fleet Management"
        subtitle="Manage your trucks and vehicles"
        texts={truckTexts}
        api={trucksApi}
        columns={truckColumns}
        searchFields={SEARCH_FIELDS}
        dialog={TruckDialog}
        importTitle="Import Trucks"
        onOpen={(truck) => setOpenId(truck.id)}
        rowActions={(truck) => [openRowAction(() => setOpenId(truck.id))]}
      />
      <TruckDrawer truckId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
