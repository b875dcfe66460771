import type { MaintenanceRecord } from '@tms/contracts';
import { ListPage, useLookup, type SearchField } from '@tms/ui';
import { useMemo } from 'react';
import { MaintenanceDialog } from './MaintenanceDialog.js';
import { maintenanceColumns } from './maintenance-columns.js';
import { maintenanceApi } from './maintenance.api.js';
import { maintenanceTexts } from './maintenance-form.js';

/** Maintenance (/maintenance): service records, each with its truck from the trucks list. */
export function MaintenancePage() {
  const trucks = useLookup('trucks');
  const columns = useMemo(() => maintenanceColumns(trucks), [trucks]);
  // Spec 2.12: search matches truck number and vendor.
  const searchFields = useMemo<SearchField<MaintenanceRecord>[]>(() => [(record) => trucks.label(record.truckId), 'vendor'], [trucks]);

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
