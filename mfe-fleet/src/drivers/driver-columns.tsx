import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { DRIVER_STATUS_LABELS, type Driver, type DriverStatus } from '@tms/contracts';
import { DECORATIVE_ICON, ExpiryBadge, InitialsAvatar, OneLineText, StatusBadge, type BadgeTone, type ResourceColumn } from '@tms/ui';
import { Flex, theme, Typography } from 'antd';

const DRIVER_STATUS_TONES: Record<DriverStatus, BadgeTone> = {
  available: 'success',
  'on-duty': 'info',
  'off-duty': 'neutral',
  'on-leave': 'warning',
};

const { Text } = Typography;

/**
 * A credential line of the CDL / Medical column: what it is, its number and its expiry badge. Plain elements in the
 * theme's colours: a row draws one or two of these, and a long list draws rows as it scrolls and as the search changes.
 */
function Credential({ kind, number, expires }: { kind: string; number: string | null; expires: string | null }) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 8 }}>
      <span style={{ fontSize: 12, minWidth: 52, color: token.colorTextSecondary }}>{kind}</span>
      <span>{number ?? '—'}</span>
      <ExpiryBadge date={expires} />
    </div>
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
        <OneLineText text={driver.email}>
          <MailOutlined {...DECORATIVE_ICON} style={{ marginInlineEnd: 6, opacity: 0.55 }} />
          {driver.email}
        </OneLineText>
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
