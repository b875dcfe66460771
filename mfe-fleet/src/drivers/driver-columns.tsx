import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { DRIVER_STATUS_LABELS, type Driver, type DriverStatus } from '@tms/contracts';
import { DECORATIVE_ICON, ExpiryBadge, InitialsAvatar, StatusBadge, type BadgeTone, type ResourceColumn } from '@tms/ui';
import { Flex, Typography } from 'antd';

const DRIVER_STATUS_TONES: Record<DriverStatus, BadgeTone> = {
  available: 'success',
  'on-duty': 'info',
  'off-duty': 'neutral',
  'on-leave': 'warning',
};

const { Text } = Typography;

/** A credential line of the CDL / Medical column: what it is, its number and its expiry badge. */
function Credential({ kind, number, expires }: { kind: string; number: string | null; expires: string | null }) {
  return (
    <Flex align="center" gap={8} wrap>
      <Text type="secondary" style={{ fontSize: 12, minWidth: 52 }}>
        {kind}
      </Text>
      <Text>{number ?? '—'}</Text>
      <ExpiryBadge date={expires} />
    </Flex>
  );
}

export const driverColumns: ResourceColumn<Driver>[] = [
  {
    title: 'Driver',
    key: 'driver',
    width: 200,
    render: (_, driver) => (
      <Flex align="center" gap={12}>
        <InitialsAvatar name={driver.name} />
        <Text strong>{driver.name}</Text>
      </Flex>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    width: 120,
    render: (status: string) => <StatusBadge status={status} labels={DRIVER_STATUS_LABELS} tones={DRIVER_STATUS_TONES} />,
  },
  {
    title: 'Contact',
    key: 'contact',
    width: 240,
    render: (_, driver) => (
      <Flex vertical gap={2}>
        {/* A long address ends in an ellipsis (whole on hover) rather than breaking mid-word. */}
        <Text ellipsis={{ tooltip: driver.email }}>
          <MailOutlined {...DECORATIVE_ICON} style={{ marginInlineEnd: 6, opacity: 0.55 }} />
          {driver.email}
        </Text>
        <Text type="secondary">
          <PhoneOutlined {...DECORATIVE_ICON} style={{ marginInlineEnd: 6, opacity: 0.75 }} />
          {driver.phone}
        </Text>
      </Flex>
    ),
  },
  {
    title: 'CDL / Medical',
    key: 'credentials',
    width: 240,
    render: (_, driver) => (
      <Flex vertical gap={4}>
        <Credential kind="CDL" number={driver.licenseNumber} expires={driver.licenseExpiration} />
        {(driver.medicalCardNumber || driver.medicalCardExpiration) && (
          <Credential kind="Medical" number={driver.medicalCardNumber} expires={driver.medicalCardExpiration} />
        )}
      </Flex>
    ),
  },
  {
    title: 'Assigned Truck',
    dataIndex: 'assignedTruckId',
    key: 'assignedTruckId',
    width: 300,
    // Spec 2.7: the list shows the raw assigned truck id.
    render: (truckId: string | null) =>
      truckId ? <Text style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 }}>{truckId}</Text> : <Text type="secondary">Not assigned</Text>,
  },
];
