import type { Driver, FuelPurchase, Truck } from '@tms/contracts';
import { ListPage, resourceListQuery, type SearchField } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { trucksApi } from '../trucks/trucks.api.js';
import { FuelDialog } from './FuelDialog.js';
import { fuelColumns } from './fuel-columns.js';
import { fuelApi } from './fuel.api.js';
import { fuelTexts } from './fuel-form.js';

const byId = <T extends { id: string }>(records: T[] | undefined) => new Map<string, T>((records ?? []).map((record) => [record.id, record]));

/** Fuel Management (/fuel): purchases, each with its truck and driver from their lists. */
export function FuelPage() {
  const trucks = useQuery(trucksApi.list());
  const drivers = useQuery(resourceListQuery<Driver>('drivers'));
  const trucksById = useMemo(() => byId<Truck>(trucks.data), [trucks.data]);
  const driversById = useMemo(() => byId<Driver>(drivers.data), [drivers.data]);
  const columns = useMemo(() => fuelColumns(trucksById, driversById), [trucksById, driversById]);
  // Spec 2.13: search matches truck number, driver name, vendor and location.
  const searchFields = useMemo<SearchField<FuelPurchase>[]>(
    () => [(purchase) => trucksById.get(purchase.truckId)?.truckNumber, (purchase) => driversById.get(purchase.driverId)?.name, 'vendor', 'location'],
    [trucksById, driversById],
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
