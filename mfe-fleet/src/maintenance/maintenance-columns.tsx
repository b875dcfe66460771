import { WarningOutlined } from '@ant-design/icons';
import { formatDollars, MAINTENANCE_STATUS_LABELS, type MaintenanceRecord, type MaintenanceStatus, type Truck } from '@tms/contracts';
import { CellText, ColorBadge, formatDay, StatusBadge, type BadgeTone, type RecordLookup, type ResourceColumn } from '@tms/ui';
import { formatMiles, maintenanceTypeColor, nextService, truckLabel } from './maintenance-display.js';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
const dash = () => <CellText type="secondary">-</CellText>;

const MAINTENANCE_STATUS_TONES: Record<MaintenanceStatus, BadgeTone> = {
  Scheduled: 'info',
  'In Progress': 'warning',
  Completed: 'success',
  Cancelled: 'destructive',
};

function NextService({ record }: { record: MaintenanceRecord }) {
  const shown = nextService(record);
  if (!shown) return dash();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {shown.day && (
        <CellText type={shown.overdue ? 'danger' : undefined} strong={shown.overdue} style={numeric}>
          {shown.overdue && <WarningOutlined aria-label="Overdue" style={{ marginInlineEnd: 6 }} />}
          {formatDay(shown.day)}
        </CellText>
      )}
      {shown.miles && (
        <CellText type="secondary" style={numeric}>
          {shown.miles}
        </CellText>
      )}
    </div>
  );
}

/** Spec 2.12's columns; the truck is read from the trucks list ('N/A' while it is not there). */
export function maintenanceColumns(trucks: RecordLookup<Truck>): ResourceColumn<MaintenanceRecord>[] {
  return [
    { title: 'Date', dataIndex: 'serviceDate', key: 'serviceDate', width: 110, render: (day: string) => formatDay(day) },
    {
      title: 'Truck',
      dataIndex: 'truckId',
      key: 'truckId',
      width: 160,
      render: (truckId: string) => {
        const truck = trucks.get(truckId);
        return truck ? <CellText strong>{truckLabel(truck)}</CellText> : <CellText type="secondary">N/A</CellText>;
      },
    },
    {
      title: 'Type',
      dataIndex: 'maintenanceType',
      key: 'maintenanceType',
      width: 130,
      render: (type: string) => <ColorBadge color={maintenanceTypeColor(type)}>{type}</ColorBadge>,
    },
    { title: 'Vendor', dataIndex: 'vendor', key: 'vendor', width: 150, render: (vendor: string | null) => vendor || dash() },
    {
      title: 'Cost',
      dataIndex: 'cost',
      key: 'cost',
      width: 105,
      align: 'right',
      render: (cost: string) => <span style={numeric}>{formatDollars(cost)}</span>,
    },
    {
      title: 'Mileage',
      dataIndex: 'mileage',
      key: 'mileage',
      width: 95,
      align: 'right',
      render: (mileage: number | null) => (mileage === null || mileage === undefined ? dash() : <span style={numeric}>{formatMiles(mileage)}</span>),
    },
    { title: 'Next Service', key: 'nextService', width: 140, render: (_, record) => <NextService record={record} /> },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      width: 115,
      render: (status: string) => <StatusBadge status={status} labels={MAINTENANCE_STATUS_LABELS} tones={MAINTENANCE_STATUS_TONES} />,
    },
  ];
}
