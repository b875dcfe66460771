import type { Accident } from '@tms/contracts';
import type { ResourceColumn, SearchField } from '@tms/ui';
import { ReferenceName } from '../ReferenceName.js';
import type { SafetyLookups } from '../safety-lookups.js';
import { AccidentSeverityBadge, AccidentStatusBadge, countOrZero, safetyDate } from '../safety-display.js';

/** Spec 2.10: Date, Driver, Truck, Location, Severity, Injuries (or 0), Status. */
export function accidentColumns(lookups: SafetyLookups): ResourceColumn<Accident>[] {
  return [
    { title: 'Date', dataIndex: 'accidentDate', key: 'accidentDate', width: 130, render: (day: string) => safetyDate(day) },
    {
      title: 'Driver', dataIndex: 'driverId', key: 'driverId', width: 180,
      render: (id: string) => <ReferenceName name={lookups.driverName(id)} loaded={lookups.loaded} />,
    },
    {
      title: 'Truck', dataIndex: 'truckId', key: 'truckId', width: 110,
      render: (id: string | null) => <ReferenceName name={lookups.truckNumber(id)} loaded={lookups.loaded} />,
    },
    { title: 'Location', dataIndex: 'location', key: 'location', width: 220, ellipsis: true },
    { title: 'Severity', dataIndex: 'severity', key: 'severity', width: 110, render: (severity: string) => <AccidentSeverityBadge severity={severity} /> },
    {
      title: 'Injuries', dataIndex: 'injuriesReported', key: 'injuriesReported', width: 90, align: 'right',
      render: (injuries: number | null) => countOrZero(injuries),
    },
    { title: 'Status', dataIndex: 'status', key: 'status', width: 160, render: (status: string) => <AccidentStatusBadge status={status} /> },
  ];
}

/** Spec 2.10: search matches driver name, location, severity and status. */
export function accidentSearchFields(lookups: SafetyLookups): SearchField<Accident>[] {
  return [(row) => lookups.driverName(row.driverId), 'location', 'severity', 'status'];
}
