import { DEVICE_MESSAGES, deviceInputSchema, type Device, type DeviceInput } from '@tms/contracts';
import { useToast, useChoices, useLookup, ApiError, formatDay, NOT_BUSY, virtualTable } from '@tms/ui';
import { Alert, Button, Flex, Form, Input, Modal, Select, Table, Typography, type TableColumnType } from 'antd';
import { useCallback, useState } from 'react';
import { locationTimeText, referenceLabel, GPS_TEXTS } from './gps-display.js';
import { devicesApi, type RegisteredDevice } from './gps.api.js';

export const DEVICE_TEXTS = {
  title: 'Devices',
  register: 'Register Device',
  dialogTitle: 'Register Device',
  tokenTitle: 'Device Token',
  empty: 'No devices registered yet',
  revoke: 'Revoke',
  revokeConfirm: 'Are you sure you want to revoke this device? It will no longer be able to send positions.',
  registerFailed: 'Failed to register device. Please try again.',
  revokeFailed: 'Failed to revoke device. Please try again.',
  never: 'Never',
  none: 'None',
} as const;

/** The register dialog: name, optional truck and driver; then the token, shown this once, with a copy button. */
function DeviceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<DeviceInput>();
  const create = devicesApi.useCreate();
  const toast = useToast();
  const [registered, setRegistered] = useState<RegisteredDevice>();
  const trucks = useChoices('trucks');
  const drivers = useChoices('drivers');

  const close = () => {
    setRegistered(undefined);
    form.resetFields();
    onClose();
  };

  const submit = async (values: DeviceInput) => {
    const parsed = deviceInputSchema.safeParse(values);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((issue) => ({ name: String(issue.path[0]) as keyof DeviceInput, errors: [issue.message] })));
      return;
    }
    try {
      setRegistered((await create.mutateAsync(values)) as RegisteredDevice);
    } catch (error) {
      const issues = error instanceof ApiError ? error.fieldIssues : {};
      form.setFields(Object.entries(issues).map(([name, errors]) => ({ name: name as keyof DeviceInput, errors })));
      toast.error(DEVICE_TEXTS.registerFailed);
    }
  };

  return (
    <Modal
      open={open}
      title={registered ? DEVICE_TEXTS.tokenTitle : DEVICE_TEXTS.dialogTitle}
      onCancel={close}
      destroyOnHidden
      footer={
        registered ? (
          <Button type="primary" onClick={close}>
            Done
          </Button>
        ) : (
          <Flex justify="end" gap={8}>
            <Button onClick={close}>Cancel</Button>
            <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
              Register
            </Button>
          </Flex>
        )
      }
    >
      {registered ? (
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={DEVICE_MESSAGES.tokenShownOnce} />
          <Typography.Text>
            Device <strong>{registered.name}</strong> is registered. Its token:
          </Typography.Text>
          <Typography.Paragraph copyable={{ text: registered.token }} code data-testid="device-token" style={{ wordBreak: 'break-all', margin: 0 }}>
            {registered.token}
          </Typography.Paragraph>
        </Flex>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} initialValues={{ name: '', truckId: null, driverId: null }}>
          <Form.Item name="name" label="Name" required>
            <Input placeholder="e.g. Cab tablet, ELD box 12" maxLength={200} />
          </Form.Item>
          <Form.Item name="truckId" label="Truck" extra="A device bound to a truck posts for it only.">
            <Select allowClear placeholder="Any truck" {...trucks} />
          </Form.Item>
          <Form.Item name="driverId" label="Driver" extra="A device bound to a driver posts for them only.">
            <Select allowClear placeholder="Any driver" {...drivers} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The devices that may post positions: registered here, listed with their last position time, revoked here. */
export function DevicesCard() {
  const devices = devicesApi.useList();
  const revoke = devicesApi.useDelete();
  const drivers = useLookup('drivers');
  const trucks = useLookup('trucks');
  const toast = useToast();
  const [open, setOpen] = useState(false);

  const onRevoke = useCallback(
    (device: Device) => {
      if (!window.confirm(DEVICE_TEXTS.revokeConfirm)) return;
      revoke.mutate(device.id, { onError: () => toast.error(DEVICE_TEXTS.revokeFailed) });
    },
    [revoke, toast],
  );

  const columns: TableColumnType<Device>[] = [
    { title: 'Name', dataIndex: 'name', key: 'name', width: 180 },
    { title: 'Truck', key: 'truck', width: 120, render: (_, device) => (device.truckId ? referenceLabel(device.truckId, trucks, GPS_TEXTS.unknownTruck) : DEVICE_TEXTS.none) },
    { title: 'Driver', key: 'driver', width: 150, render: (_, device) => (device.driverId ? referenceLabel(device.driverId, drivers, GPS_TEXTS.unknownDriver) : DEVICE_TEXTS.none) },
    { title: 'Last Position', key: 'last', width: 180, render: (_, device) => (device.lastPositionAt ? locationTimeText(device.lastPositionAt) : DEVICE_TEXTS.never) },
    { title: 'Registered', key: 'created', width: 120, render: (_, device) => formatDay(device.createdAt) },
    {
      title: '',
      key: 'actions',
      width: 90,
      render: (_, device) => (
        <Button size="small" danger onClick={() => onRevoke(device)} aria-label={`Revoke ${device.name}`}>
          {DEVICE_TEXTS.revoke}
        </Button>
      ),
    },
  ];
  // Only the rows in view are drawn (a large fleet registers thousands of devices), laid out by these widths.
  // The empty text in the secondary colour, not antd's placeholder grey (1.8:1 on white, under WCAG AA's 4.5:1).
  const virtual = virtualTable(columns, devices.data?.length ?? 0, { empty: <Typography.Text type="secondary">{DEVICE_TEXTS.empty}</Typography.Text> });
  const columnsWidth = columns.reduce((sum, column) => sum + Number(column.width), 0);

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {DEVICE_TEXTS.title}
        </Typography.Title>
        <Button type="primary" onClick={() => setOpen(true)}>
          {DEVICE_TEXTS.register}
        </Button>
      </Flex>
      <div {...virtual.box} aria-label={DEVICE_TEXTS.title}>
        <Table<Device>
          {...virtual.table}
          size="small"
          rowKey="id"
          loading={devices.isPending || NOT_BUSY}
          dataSource={devices.data ?? []}
          pagination={false}
          scroll={{ x: columnsWidth, y: 280 }}
        />
      </div>
      <DeviceDialog open={open} onClose={() => setOpen(false)} />
    </Flex>
  );
}
