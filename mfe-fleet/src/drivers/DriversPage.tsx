import { DisconnectOutlined, MobileOutlined } from '@ant-design/icons';
import type { Driver } from '@tms/contracts';
import { DECORATIVE_ICON, DriverDrawer, ListPage, openRowAction, useOpenRecord, type SearchField } from '@tms/ui';
import { useState } from 'react';
import { DriverDialog } from './DriverDialog.js';
import { driverColumns } from './driver-columns.js';
import { driversApi } from './drivers.api.js';
import { driverTexts } from './driver-form.js';
import { PAIRING_TEXTS, PairPhoneDialog, useUnpairPhone } from './PairPhoneDialog.js';

/** Spec 2.7: search matches name, e-mail and license number. */
const SEARCH_FIELDS: SearchField<Driver>[] = ['name', 'email', 'licenseNumber'];

/**
 * Driver Management (/drivers); every row menu has 'Pair Phone' and 'Unpair Phone' (the driver app, issue 44); a row
 * click (or 'Open') opens the driver's drawer, kept in the URL (`?open=<id>`).
 */
export function DriversPage() {
  const [pairing, setPairing] = useState<Driver | null>(null);
  const [openId, setOpenId] = useOpenRecord();
  const unpair = useUnpairPhone();
  return (
    <>
      <ListPage<Driver>
        title="Driver Management"
        subtitle="Manage your drivers, their licenses and truck assignments"
        texts={driverTexts}
        api={driversApi}
        columns={driverColumns}
        searchFields={SEARCH_FIELDS}
        dialog={DriverDialog}
        importTitle="Import Drivers"
        onOpen={(driver) => setOpenId(driver.id)}
        rowActions={(driver) => [
          openRowAction(() => setOpenId(driver.id)),
          { key: 'pair-phone', label: PAIRING_TEXTS.pair, icon: <MobileOutlined {...DECORATIVE_ICON} />, onClick: () => setPairing(driver) },
          { key: 'unpair-phone', label: PAIRING_TEXTS.unpair, icon: <DisconnectOutlined {...DECORATIVE_ICON} />, onClick: () => void unpair(driver) },
        ]}
      />
      <PairPhoneDialog driver={pairing} onClose={() => setPairing(null)} />
      <DriverDrawer driverId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
