import { formatDollars, type Load } from '@tms/contracts';
import { CellText, ColorBadge, formatDay, type ResourceColumn } from '@tms/ui';
import { Flex } from 'antd';
import { LoadStatusBadge, loadRoute } from './load-display.js';
import { STOP_TEXTS } from './stop-form.js';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;

export const loadColumns: ResourceColumn<Load>[] = [
  { title: 'Load #', dataIndex: 'loadNumber', key: 'loadNumber', width: 170, render: (value: string) => <CellText strong>{value}</CellText> },
  { title: 'Status', dataIndex: 'status', key: 'status', width: 115, render: (status: string) => <LoadStatusBadge status={status} /> },
  {
    title: 'Route',
    key: 'route',
    width: 280,
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
