import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { DRIVER_STATUS_LABELS, type Driver, type DriverStatus } from '@tms/contracts';
import { CellText, DECORATIVE_ICON, ExpiryBadge, InitialsAvatar, OneLineText, StatusBadge, type BadgeTone, type ResourceColumn } from '@tms/ui';
import type { CSSProperties } from 'react';

const DRIVER_STATUS_TONES: Record<DriverStatus, BadgeTone> = {
  available: 'success',
  'on-duty': 'info',
  'off-duty': 'neutral',
  'on-leave': 'warning',
};

// The cells are plain elements in the theme's colours (antd's CSS variables), not antd's Flex and Typography: a long
// list draws its rows anew as it scrolls and as the search changes.
const column = (gap: number): CSSProperties => ({ display: 'flex', flexDirection: 'column', gap });

/** A credential line of the CDL / Medical column: what it is, its number and its expiry badge. */
function Credential({ kind, number, expires }: { kind: string; number: string | null; expires: string | null }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 6 }}>
      <CellText type="secondary" style={{ fontSize: 12, minWidth: 48 }}>
        {kind}
      </CellText>
      <span>{number ?? '—'}</span>
      <ExpiryBadge date={expires} />
    </div>
  );
}

/** A credential line as Export writes it: 'CDL D123-4567 2027-03-01'; none without a number or an expiry. */
const credentialText = (kind: string, number: string | null, expires: string | null) =>
  number || expires ? [kind, number ?? '—', expires].filter(Boolean).join(' ') : '';

export const driverColumns: ResourceColumn<Driver>[] = [
  {
    title: 'Driver',
    key: 'driver',
    width: 172,
    render: (_, driver) => (
      <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
        <InitialsAvatar name={driver.name} />
        <CellText strong>{driver.name}</CellText>
      </div>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    width: 88,
    render: (status: string) => <StatusBadge status={status} labels={DRIVER_STATUS_LABELS} tones={DRIVER_STATUS_TONES} />,
  },
  {
    title: 'Contact',
    key: 'contact',
    // The longest of the demo company's addresses whole; a longer one ends in '…'.
    width: 278,
    exportValue: (driver) => `${driver.email}\n${driver.phone}`,
    render: (_, driver) => (
      <div style={column(2)}>
        {/* A long address ends in an ellipsis (whole on hover) rather than breaking mid-word. */}
        <OneLineText text={driver.email}>
          <MailOutlined {...DECORATIVE_ICON} style={{ marginInlineEnd: 6, opacity: 0.55 }} />
          {driver.email}
        </OneLineText>
        <CellText type="secondary">
          <PhoneOutlined {...DECORATIVE_ICON} style={{ marginInlineEnd: 6, opacity: 0.75 }} />
          {driver.phone}
        </CellText>
      </div>
    ),
  },
  {
    title: 'CDL / Medical',
    key: 'credentials',
    // Room for the label, a 14-character license number and its 'Expired' badge on one line.
    width: 264,
    exportValue: (driver) =>
      [credentialText('CDL', driver.licenseNumber, driver.licenseExpiration), credentialText('Medical', driver.medicalCardNumber, driver.medicalCardExpiration)]
        .filter(Boolean)
        .join('\n'),
    render: (_, driver) => (
      <div style={column(4)}>
        <Credential kind="CDL" number={driver.licenseNumber} expires={driver.licenseExpiration} />
        {(driver.medicalCardNumber || driver.medicalCardExpiration) && (
          <Credential kind="Medical" number={driver.medicalCardNumber} expires={driver.medicalCardExpiration} />
        )}
      </div>
    ),
  },
  {
    title: 'Assigned Truck',
    dataIndex: 'assignedTruckId',
    key: 'assignedTruckId',
    // A raw id (36 characters of monospace) whole.
    width: 278,
    // Spec 2.7: the list shows the raw assigned truck id.
    render: (truckId: string | null) =>
      truckId ? <CellText mono>{truckId}</CellText> : <CellText type="secondary">Not assigned</CellText>,
  },
];
