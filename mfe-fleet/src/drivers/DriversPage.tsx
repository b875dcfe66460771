import type { Driver } from '@tms/contracts';
import { ListPage, type SearchField } from '@tms/ui';
import { DriverDialog } from './DriverDialog.js';
import { driverColumns } from './driver-columns.js';
import { driversApi } from './drivers.api.js';
import { driverTexts } from './driver-form.js';

/** Spec 2.7: search matches name, e-mail and license number. */
const SEARCH_FIELDS: SearchField<Driver>[] = ['name', 'email', 'licenseNumber'];

/** Driver Management (/drivers). */
export function DriversPage() {
  return (
    <ListPage<Driver>
      title="Driver Management"
      subtitle="Manage your drivers, their licenses and truck assignments"
      texts={driverTexts}
      api={driversApi}
      columns={driverColumns}
      searchFields={SEARCH_FIELDS}
      dialog={DriverDialog}
      importTitle="Import Drivers"
    />
  );
}
