import type { MaintenanceRecord, Truck } from '@tms/contracts';
import { ListPage, type SearchField } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { trucksApi } from '../trucks/trucks.api.js';
import { MaintenanceDialog } from './MaintenanceDialog.js';
import { maintenanceColumns } from './maintenance-columns.js';
import { maintenanceApi } from './maintenance.api.js';
import { maintenanceTexts } from './maintenance-form.js';

/** Maintenance (/maintenance): service records, each with its truck from the trucks list. */
export function MaintenancePage() {
  const trucks = useQuery(trucksApi.list());
  const trucksById = useMemo(() => new Map<string, Truck>((trucks.data ?? []).map((truck) => [truck.id, truck])), [trucks.data]);
  const columns = useMemo(() => maintenanceColumns(trucksById), [trucksById]);
  // Spec 2.12: search matches truck number and vendor.
  const searchFields = useMemo<SearchField<MaintenanceRecord>[]>(() => [(record) => trucksById.get(record.truckId)?.truckNumber, 'vendor'], [trucksById]);

  return (
    <ListPage<MaintenanceRecord>
      title="Maintenance"
      subtitle="Track vehicle service and repairs"
      texts={maintenanceTexts}
      api={maintenanceApi}
      columns={columns}
      searchFields={searchFields}
      dialog={MaintenanceDialog}
    />
  );
}
