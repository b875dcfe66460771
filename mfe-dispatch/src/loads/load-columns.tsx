import { formatDollars, type Load } from '@tms/contracts';
import { CellText, formatDay, type ResourceColumn } from '@tms/ui';
import { LoadStatusBadge, loadRoute } from './load-display.js';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export const loadColumns: ResourceColumn<Load>[] = [
  { title: 'Load #', dataIndex: 'loadNumber', key: 'loadNumber', width: 170, render: (value: string) => <CellText strong>{value}</CellText> },
  { title: 'Status', dataIndex: 'status', key: 'status', width: 115, render: (status: string) => <LoadStatusBadge status={status} /> },
  { title: 'Route', key: 'route', width: 260, render: (_, load) => loadRoute(load) },
  { title: 'Pickup Date', dataIndex: 'pickupDate', key: 'pickupDate', width: 120, render: (day: string) => formatDay(day) },
  { title: 'Delivery Date', dataIndex: 'deliveryDate', key: 'deliveryDate', width: 120, render: (day: string) => formatDay(day) },
  { title: 'Rate', dataIndex: 'rate', key: 'rate', width: 120, align: 'right', render: (rate: string) => <span style={numeric}>{formatDollars(rate)}</span> },
];
