import { formatDollars, type Driver, type Settlement } from '@tms/contracts';
import { CellText, formatDay, type RecordLookup, type ResourceColumn, type SearchField } from '@tms/ui';
import { numeric, SettlementStatusBadge } from '../shared/display.js';

export const UNKNOWN_DRIVER = 'Unknown Driver';
const dollars = (amount: string | null | undefined) => <span style={numeric}>{formatDollars(amount || '0')}</span>;

/** Spec 2.11: thousands-separated miles, or '-'. */
export const formatMiles = (miles: number | null | undefined) => (miles === null || miles === undefined ? '-' : miles.toLocaleString('en-US'));
/** Spec 2.11: the period as 'start - end', in local calendar days. */
export const formatPeriod = (settlement: Pick<Settlement, 'periodStart' | 'periodEnd'>) => `${formatDay(settlement.periodStart)} - ${formatDay(settlement.periodEnd)}`;

const ONE_DAY = { whiteSpace: 'nowrap' } as const;

/** formatPeriod's text, which a narrow cell breaks after the ' - ' only. */
function PeriodText({ settlement }: { settlement: Pick<Settlement, 'periodStart' | 'periodEnd'> }) {
  return (
    <>
      <span style={ONE_DAY}>{formatDay(settlement.periodStart)}</span> - <span style={ONE_DAY}>{formatDay(settlement.periodEnd)}</span>
    </>
  );
}

/** Spec 2.11's columns; money in dollars with 2 decimals, deductions 0 when missing. */
export function settlementColumns(drivers: RecordLookup<Driver>): ResourceColumn<Settlement>[] {
  return [
    { title: 'Settlement #', dataIndex: 'settlementNumber', key: 'settlementNumber', width: 175, card: true, render: (value: string) => <CellText strong>{value}</CellText> },
    { title: 'Driver', key: 'driver', width: 120, card: true, render: (_, settlement) => drivers.label(settlement.driverId) ?? UNKNOWN_DRIVER },
    // The period breaks between its two days, never inside one, so the columns fit 1440 px.
    { title: 'Period', key: 'period', width: 120, card: true, ellipsis: false, render: (_, settlement) => <PeriodText settlement={settlement} /> },
    { title: 'Total Miles', dataIndex: 'totalMiles', key: 'totalMiles', width: 90, align: 'right', render: formatMiles },
    { title: 'Revenue', dataIndex: 'totalRevenue', key: 'totalRevenue', width: 95, align: 'right', render: dollars },
    { title: 'Driver Pay', dataIndex: 'driverPay', key: 'driverPay', width: 95, align: 'right', render: dollars },
    { title: 'Deductions', dataIndex: 'deductions', key: 'deductions', width: 95, align: 'right', render: dollars },
    { title: 'Net Pay', dataIndex: 'netPay', key: 'netPay', width: 95, card: true, align: 'right', render: dollars },
    { title: 'Status', dataIndex: 'status', key: 'status', width: 90, card: true, render: (status: string) => <SettlementStatusBadge status={status} /> },
    { title: 'Paid Date', dataIndex: 'paidDate', key: 'paidDate', width: 105, render: (day: string | null) => (day ? formatDay(day) : '-') },
  ];
}

/** Spec 2.11: search matches settlement number or driver name. */
export function settlementSearchFields(drivers: RecordLookup<Driver>): SearchField<Settlement>[] {
  return ['settlementNumber', (settlement) => drivers.label(settlement.driverId)];
}
