import { useQuery } from '@tanstack/react-query';
import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  AGING_PATH,
  DRIVER_STATUS_LABELS,
  formatDollars,
  INSPECTION_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  invoiceBalance,
  LOAD_STATUS_LABELS,
  PAY_TYPE_LABELS,
  TRUCK_STATUS_LABELS,
  type AgingReport,
  type Customer,
  type Driver,
  type FuelPurchase,
  type GpsLocation,
  type Inspection,
  type Invoice,
  type Load,
  type MaintenanceRecord,
  type Settlement,
  type Truck,
} from '@tms/contracts';
import { Alert, Descriptions, Divider, Drawer, Skeleton, Table, Typography, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { ExpandOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { api } from '../api.js';
import { formatDay } from '../display.js';
import { ExpiryBadge } from '../ExpiryBadge.js';
import { useLookup } from '../referenced-records.js';
import { resourceListQuery } from '../resource-api.js';
import { DECORATIVE_ICON, type RowAction } from '../RowActions.js';

/**
 * Records that link (issue 47, point 4): a customer, driver or truck opens in a drawer on its own screen, with what
 * the other screens hold about it. Its screen keeps the record open in the URL (`?open=<id>`), so any screen links
 * to it (a load's workspace, Needs Attention) and a link can be shared.
 */
export const RECORD_SCREENS = { customers: '/customers', drivers: '/drivers', trucks: '/fleet', loads: '/loads' } as const;
export type LinkedResource = keyof typeof RECORD_SCREENS;

/** The address that opens a record on its screen. */
export const recordHref = (resource: LinkedResource, id: string) => `${RECORD_SCREENS[resource]}?open=${encodeURIComponent(id)}`;

/** A row menu's 'Open' (for the keyboard: a click on the row opens it too). */
export const openRowAction = (onClick: () => void): RowAction => ({ key: 'open', label: 'Open', icon: <ExpandOutlined {...DECORATIVE_ICON} />, onClick });

export const RECORD_DRAWER_TEXTS = {
  details: 'Details',
  loads: 'Loads',
  allLoads: (count: number) => (count === 1 ? 'Show it in Loads' : `Show all ${count.toLocaleString('en-US')} in Loads`),
  noLoads: 'No loads yet',
  openInvoices: 'Open Invoices',
  noOpenInvoices: 'Nothing owed',
  aging: 'Balance and Aging',
  settlements: 'Settlements',
  noSettlements: 'No settlements yet',
  credentials: 'Credentials',
  pay: 'Pay Rule',
  services: 'Services',
  noServices: 'No services recorded',
  fuel: 'Fuel',
  noFuel: 'No fuel purchases',
  inspections: 'Inspections',
  noInspections: 'No inspections',
  position: 'Latest Position',
  noPosition: 'No position received yet',
  failed: 'This could not be loaded. Please try again.',
  gone: 'This record no longer exists.',
} as const;

/** Rows shown in a drawer's lists; the screen of the list has the rest. */
const SHOWN = 10;

export function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Divider titlePlacement="start" style={{ marginBlock: 8 }}>
        {title}
      </Divider>
      {children}
    </section>
  );
}

/** A small list in a drawer: its first rows, newest first as the query has them, or what it says when empty. */
function MiniList<T extends { id: string }>({ rows, columns, empty, label }: { rows: readonly T[] | undefined; columns: TableColumnType<T>[]; empty: string; label: string }) {
  if (!rows) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (!rows.length) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return <Table<T> aria-label={label} size="small" rowKey="id" pagination={false} dataSource={rows.slice(0, SHOWN)} columns={columns} />;
}

/** A drawer's section that is one small list, named by its title. */
function ListSection<T extends { id: string }>({ title, ...list }: { title: string; rows: readonly T[] | undefined; columns: TableColumnType<T>[]; empty: string }) {
  return (
    <DrawerSection title={title}>
      <MiniList<T> label={title} {...list} />
    </DrawerSection>
  );
}

/** A record's loads, newest pickup first, each opening its workspace, with a link to them all on Loads. */
function RecordLoads({ filter }: { filter: string }) {
  const loads = useQuery(resourceListQuery<Load>('loads', `${filter}&sort=pickupDate&order=desc`));
  return (
    <DrawerSection title={RECORD_DRAWER_TEXTS.loads}>
      {loads.isError ? (
        <Alert type="error" showIcon title={RECORD_DRAWER_TEXTS.failed} />
      ) : (
        <>
          <MiniList<Load>
            label={RECORD_DRAWER_TEXTS.loads}
            rows={loads.data}
            empty={RECORD_DRAWER_TEXTS.noLoads}
            columns={[
              { title: 'Load #', key: 'loadNumber', render: (_, load) => <Link to={recordHref('loads', load.id)}>{load.loadNumber}</Link> },
              { title: 'Status', key: 'status', render: (_, load) => LOAD_STATUS_LABELS[load.status] },
              { title: 'Pickup Date', key: 'pickupDate', render: (_, load) => formatDay(load.pickupDate) },
              { title: 'Rate', key: 'rate', align: 'right', render: (_, load) => formatDollars(load.rate) },
            ]}
          />
          {loads.data && loads.data.length > 0 && <Link to={`${RECORD_SCREENS.loads}?${filter}`}>{RECORD_DRAWER_TEXTS.allLoads(loads.data.length)}</Link>}
        </>
      )}
    </DrawerSection>
  );
}

/** The drawer around a record: its title, and the record's sections once its list has it. */
function RecordDrawer<T>({ open, title, record, loaded, onClose, children }: { open: boolean; title: string; record: T | undefined; loaded: boolean; onClose: () => void; children: (record: T) => ReactNode }) {
  return (
    <Drawer open={open} onClose={onClose} title={title} size={640} destroyOnHidden>
      {record ? children(record) : loaded ? <Alert type="warning" showIcon title={RECORD_DRAWER_TEXTS.gone} /> : <Skeleton active />}
    </Drawer>
  );
}

const agingQuery = { queryKey: [`/api/${AGING_PATH}`], queryFn: () => api.get<AgingReport>(`/api/${AGING_PATH}`) };

/** A customer: details, balance and aging, open invoices and loads. */
export function CustomerDrawer({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const customers = useLookup('customers');
  const customer = customers.get(customerId);
  return (
    <RecordDrawer<Customer> open={Boolean(customerId)} title={customer?.name ?? ''} record={customer} loaded={customers.loaded} onClose={onClose}>
      {(record) => <CustomerSections customer={record} />}
    </RecordDrawer>
  );
}

function CustomerSections({ customer }: { customer: Customer }) {
  const aging = useQuery(agingQuery);
  const owed = aging.data?.customers.find((row) => row.customerId === customer.id);
  const invoices = useQuery(resourceListQuery<Invoice>('invoices', `customerId=${customer.id}&status=unpaid&sort=dueDate`));
  return (
    <>
      <DrawerSection title={RECORD_DRAWER_TEXTS.details}>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'type', label: 'Type', children: customer.type === 'shipper' ? 'Shipper' : 'Receiver' },
            { key: 'phone', label: 'Phone', children: customer.phone },
            { key: 'email', label: 'Email', children: customer.email },
            { key: 'address', label: 'Address', children: customer.address },
          ]}
        />
      </DrawerSection>
      <DrawerSection title={RECORD_DRAWER_TEXTS.aging}>
        {aging.isError ? (
          <Alert type="error" showIcon title={RECORD_DRAWER_TEXTS.failed} />
        ) : !aging.data ? (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        ) : (
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'total', label: 'Balance', children: formatDollars(owed?.total ?? '0.00') },
              ...AGING_BUCKETS.map((bucket) => ({ key: bucket, label: AGING_BUCKET_LABELS[bucket], children: formatDollars(owed?.[bucket] ?? '0.00') })),
            ]}
          />
        )}
      </DrawerSection>
      <ListSection<Invoice>
        title={RECORD_DRAWER_TEXTS.openInvoices}
        rows={invoices.data}
        empty={RECORD_DRAWER_TEXTS.noOpenInvoices}
        columns={[
          { title: 'Invoice #', key: 'invoiceNumber', render: (_, invoice) => invoice.invoiceNumber },
          { title: 'Due Date', key: 'dueDate', render: (_, invoice) => formatDay(invoice.dueDate) },
          { title: 'Status', key: 'status', render: (_, invoice) => INVOICE_STATUS_LABELS[invoice.status] },
          { title: 'Balance', key: 'balance', align: 'right', render: (_, invoice) => formatDollars(invoiceBalance(invoice.total, invoice.paidAmount)) },
        ]}
      />
      <RecordLoads filter={`customerId=${customer.id}`} />
    </>
  );
}

/** A credential's day and how it stands ('Jan 5, 2028 Valid', 'Dec 1, 2026 12d'), or '-' without one. */
const Expiry = ({ date }: { date: string | null | undefined }) =>
  date ? (
    <span>
      {formatDay(date)} <ExpiryBadge date={date} />
    </span>
  ) : (
    '-'
  );

/** 'Per Mile: $0.620', 'Per Load: $300.00', 'Percent: 25.00%': the rate as stored, to its pay type's decimals. */
const payRuleText = ({ payType, payRate }: Driver) =>
  !payType || !payRate ? '-' : `${PAY_TYPE_LABELS[payType]}: ${payType === 'percent' ? `${payRate}%` : payType === 'perMile' ? `$${payRate}` : formatDollars(payRate)}`;

/** A driver: details, credentials, pay rule, loads and settlements. */
export function DriverDrawer({ driverId, onClose }: { driverId: string; onClose: () => void }) {
  const drivers = useLookup('drivers');
  const driver = drivers.get(driverId);
  return (
    <RecordDrawer<Driver> open={Boolean(driverId)} title={driver?.name ?? ''} record={driver} loaded={drivers.loaded} onClose={onClose}>
      {(record) => <DriverSections driver={record} />}
    </RecordDrawer>
  );
}

function DriverSections({ driver }: { driver: Driver }) {
  const trucks = useLookup('trucks');
  const settlements = useQuery(resourceListQuery<Settlement>('settlements', `sort=periodEnd&order=desc`));
  const own = settlements.data?.filter((settlement) => settlement.driverId === driver.id);
  return (
    <>
      <DrawerSection title={RECORD_DRAWER_TEXTS.details}>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'status', label: 'Status', children: DRIVER_STATUS_LABELS[driver.status] },
            { key: 'truck', label: 'Assigned Truck', children: driver.assignedTruckId ? <Link to={recordHref('trucks', driver.assignedTruckId)}>{trucks.label(driver.assignedTruckId)}</Link> : '-' },
            { key: 'phone', label: 'Phone', children: driver.phone },
            { key: 'email', label: 'Email', children: driver.email },
          ]}
        />
      </DrawerSection>
      <DrawerSection title={RECORD_DRAWER_TEXTS.credentials}>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'license', label: 'License Number', children: driver.licenseNumber },
            { key: 'licenseExpiration', label: 'License Expiration', children: <Expiry date={driver.licenseExpiration} /> },
            { key: 'medical', label: 'Medical Card Number', children: driver.medicalCardNumber || '-' },
            { key: 'medicalExpiration', label: 'Medical Card Expiration', children: <Expiry date={driver.medicalCardExpiration} /> },
          ]}
        />
      </DrawerSection>
      <DrawerSection title={RECORD_DRAWER_TEXTS.pay}>
        <Typography.Text>{payRuleText(driver)}</Typography.Text>
      </DrawerSection>
      <RecordLoads filter={`assignedDriverId=${driver.id}`} />
      <ListSection<Settlement>
        title={RECORD_DRAWER_TEXTS.settlements}
        rows={own}
        empty={RECORD_DRAWER_TEXTS.noSettlements}
        columns={[
          { title: 'Settlement #', key: 'number', render: (_, settlement) => settlement.settlementNumber },
          { title: 'Period', key: 'period', render: (_, settlement) => `${formatDay(settlement.periodStart)} - ${formatDay(settlement.periodEnd)}` },
          { title: 'Status', key: 'status', render: (_, settlement) => settlement.status },
          { title: 'Net Pay', key: 'netPay', align: 'right', render: (_, settlement) => formatDollars(settlement.netPay) },
        ]}
      />
    </>
  );
}

const latestPositionsQuery = { queryKey: ['/api/gps/latest'], queryFn: () => api.get<GpsLocation[]>('/api/gps/latest') };

/** A truck: details, latest position, loads, services, fuel and inspections. */
export function TruckDrawer({ truckId, onClose }: { truckId: string; onClose: () => void }) {
  const trucks = useLookup('trucks');
  const truck = trucks.get(truckId);
  return (
    <RecordDrawer<Truck> open={Boolean(truckId)} title={truck ? `Truck ${truck.truckNumber}` : ''} record={truck} loaded={trucks.loaded} onClose={onClose}>
      {(record) => <TruckSections truck={record} />}
    </RecordDrawer>
  );
}

function TruckSections({ truck }: { truck: Truck }) {
  const positions = useQuery(latestPositionsQuery);
  const position = positions.data?.find((location) => location.truckId === truck.id);
  const of = <T extends { truckId: string | null }>(rows: T[] | undefined) => rows?.filter((row) => row.truckId === truck.id);
  const services = useQuery(resourceListQuery<MaintenanceRecord>('maintenance'));
  const fuel = useQuery(resourceListQuery<FuelPurchase>('fuel'));
  const inspections = useQuery(resourceListQuery<Inspection>('inspections', 'sort=inspectionDate&order=desc'));
  return (
    <>
      <DrawerSection title={RECORD_DRAWER_TEXTS.details}>
        <Descriptions
          size="small"
          column={2}
          items={[
            { key: 'type', label: 'Type', children: truck.type },
            { key: 'status', label: 'Status', children: TRUCK_STATUS_LABELS[truck.status] },
            { key: 'plate', label: 'License Plate', children: truck.licensePlate },
            { key: 'vin', label: 'VIN', children: truck.vin || '-' },
            { key: 'vehicle', label: 'Vehicle', children: [truck.year, truck.make, truck.model].filter(Boolean).join(' ') || '-' },
          ]}
        />
      </DrawerSection>
      <DrawerSection title={RECORD_DRAWER_TEXTS.position}>
        {positions.isPending ? (
          <Skeleton active paragraph={{ rows: 1 }} title={false} />
        ) : position ? (
          <Typography.Text>{`${position.latitude.toFixed(5)}, ${position.longitude.toFixed(5)} at ${new Date(position.timestamp).toLocaleString('en-US')}${position.speed !== null ? `, ${Math.round(position.speed)} mph` : ''}`}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{RECORD_DRAWER_TEXTS.noPosition}</Typography.Text>
        )}
      </DrawerSection>
      <RecordLoads filter={`assignedTruckId=${truck.id}`} />
      <ListSection<MaintenanceRecord>
        title={RECORD_DRAWER_TEXTS.services}
        rows={of(services.data)}
        empty={RECORD_DRAWER_TEXTS.noServices}
        columns={[
          { title: 'Date', key: 'date', render: (_, record) => formatDay(record.serviceDate) },
          { title: 'Type', key: 'type', render: (_, record) => record.maintenanceType },
          { title: 'Status', key: 'status', render: (_, record) => record.status },
          { title: 'Cost', key: 'cost', align: 'right', render: (_, record) => formatDollars(record.cost) },
        ]}
      />
      <ListSection<FuelPurchase>
        title={RECORD_DRAWER_TEXTS.fuel}
        rows={of(fuel.data)}
        empty={RECORD_DRAWER_TEXTS.noFuel}
        columns={[
          { title: 'Date', key: 'date', render: (_, purchase) => formatDay(purchase.transactionDate) },
          { title: 'Location', key: 'location', render: (_, purchase) => purchase.location },
          { title: 'Gallons', key: 'gallons', align: 'right', render: (_, purchase) => purchase.gallons },
          { title: 'Total Cost', key: 'total', align: 'right', render: (_, purchase) => formatDollars(purchase.totalCost) },
        ]}
      />
      <ListSection<Inspection>
        title={RECORD_DRAWER_TEXTS.inspections}
        rows={of(inspections.data)}
        empty={RECORD_DRAWER_TEXTS.noInspections}
        columns={[
          { title: 'Date', key: 'date', render: (_, inspection) => formatDay(inspection.inspectionDate) },
          { title: 'Type', key: 'type', render: (_, inspection) => inspection.inspectionType },
          { title: 'Status', key: 'status', render: (_, inspection) => INSPECTION_STATUS_LABELS[inspection.status] },
        ]}
      />
    </>
  );
}
