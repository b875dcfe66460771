import { formatDollars, LOAD_STATUS_LABELS, type Customer, type Driver, type Load, type Truck } from '@tms/contracts';
import { CellText, ColorBadge, formatDay, type RecordLookup, type ResourceColumn } from '@tms/ui';
import { Flex } from 'antd';
import { LoadStatusBadge, loadRoute } from './load-display.js';
import { STOP_TEXTS } from './stop-form.js';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export const loadColumns: ResourceColumn<Load>[] = [
  { title: 'Load #', dataIndex: 'loadNumber', key: 'loadNumber', width: 170, render: (value: string) => <CellText strong>{value}</CellText> },
  { title: 'Status', dataIndex: 'status', key: 'status', width: 115, render: (status: string) => <LoadStatusBadge status={status} />, exportValue: (load) => LOAD_STATUS_LABELS[load.status] },
  {
    title: 'Route',
    key: 'route',
    width: 280,
    // Sorted by where it starts.
    sortField: 'pickupLocation',
    render: (_, load) =>
      load.stopCount > 2 ? (
        <Flex gap={6} align="center" style={{ minWidth: 0 }}>
          <CellText>{loadRoute(load)}</CellText>
          <span style={{ flex: 'none' }} data-testid="load-more-stops">
            <ColorBadge color="blue">{STOP_TEXTS.moreStops(load.stopCount - 2)}</ColorBadge>
          </span>
        </Flex>
      ) : (
        loadRoute(load)
      ),
  },
  { title: 'Pickup Date', dataIndex: 'pickupDate', key: 'pickupDate', width: 120, render: (day: string) => formatDay(day) },
  { title: 'Delivery Date', dataIndex: 'deliveryDate', key: 'deliveryDate', width: 120, render: (day: string) => formatDay(day) },
  { title: 'Rate', dataIndex: 'rate', key: 'rate', width: 120, align: 'right', render: (rate: string) => <span style={numeric}>{formatDollars(rate)}</span> },
];

/**
 * What the Loads screen's Export writes (issue 47): the columns as they read, the route as its pickup and delivery,
 * and the load's customer, driver and truck by name.
 */
export function loadExportColumns(customers: RecordLookup<Customer>, drivers: RecordLookup<Driver>, trucks: RecordLookup<Truck>): ResourceColumn<Load>[] {
  const [loadNumber, status, , pickupDate, deliveryDate, rate] = loadColumns;
  return [
    loadNumber,
    status,
    { title: 'Pickup Location', dataIndex: 'pickupLocation', key: 'pickupLocation', width: 0 },
    { title: 'Delivery Location', dataIndex: 'deliveryLocation', key: 'deliveryLocation', width: 0 },
    pickupDate,
    deliveryDate,
    rate,
    { title: 'Customer', key: 'customer', width: 0, exportValue: (load) => customers.label(load.customerId) ?? '' },
    { title: 'Driver', key: 'driver', width: 0, exportValue: (load) => drivers.label(load.assignedDriverId) ?? '' },
    { title: 'Truck', key: 'truck', width: 0, exportValue: (load) => trucks.label(load.assignedTruckId) ?? '' },
  ];
}
