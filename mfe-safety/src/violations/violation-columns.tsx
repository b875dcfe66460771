import type { Driver, Violation } from '@tms/contracts';
import { CellText, type RecordLookup, type ResourceColumn, type SearchField } from '@tms/ui';
import { ReferenceName } from '../ReferenceName.js';
import { citationText, countOrZero, fineText, safetyDate, ViolationStatusBadge } from '../safety-display.js';

const numeric = { fontVariantNumeric: 'tabular-nums' } as const;
const orMuted = (value: string | null | undefined, text: string) => (value ? text : <CellText type="secondary">{text}</CellText>);

/** Spec 2.10: Date, Driver, Type, Citation # (or 'N/A'), Fine (or 'N/A'), Points (or 0), Status. */
export function violationColumns(drivers: RecordLookup<Driver>): ResourceColumn<Violation>[] {
  return [
    { title: 'Date', dataIndex: 'violationDate', key: 'violationDate', width: 130, render: (day: string) => safetyDate(day) },
    {
      title: 'Driver', dataIndex: 'driverId', key: 'driverId', width: 180,
      render: (id: string) => <ReferenceName name={drivers.label(id)} loaded={drivers.loaded} />,
    },
    { title: 'Type', dataIndex: 'violationType', key: 'violationType', width: 110 },
    { title: 'Citation #', dataIndex: 'citationNumber', key: 'citationNumber', width: 140, render: (citation: string | null) => orMuted(citation, citationText(citation)) },
    {
      title: 'Fine', dataIndex: 'fineAmount', key: 'fineAmount', width: 120, align: 'right',
      render: (fine: string | null) => <span style={numeric}>{orMuted(fine, fineText(fine))}</span>,
    },
    { title: 'Points', dataIndex: 'points', key: 'points', width: 80, align: 'right', render: (points: number | null) => countOrZero(points) },
    { title: 'Status', dataIndex: 'status', key: 'status', width: 120, render: (status: string) => <ViolationStatusBadge status={status} /> },
  ];
}

/** Spec 2.10: search matches driver name, violation type, location, status and citation number. */
export function violationSearchFields(drivers: RecordLookup<Driver>): SearchField<Violation>[] {
  return [(row) => drivers.label(row.driverId), 'violationType', 'location', 'status', 'citationNumber'];
}
