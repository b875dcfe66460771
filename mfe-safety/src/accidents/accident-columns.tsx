import type { Accident, Driver, Truck } from '@tms/contracts';
import type { RecordLookup, ResourceColumn, SearchField } from '@tms/ui';
import { ReferenceName } from '../ReferenceName.js';
import { AccidentSeverityBadge, AccidentStatusBadge, countOrZero, safetyDate } from '../safety-display.js';

/** Spec 2.10: Date, Driver, Truck, Location, Severity, Injuries (or 0), Status. */
export function accidentColumns(trucks: RecordLookup<Truck>, drivers: RecordLookup<Driver>): ResourceColumn<Accident>[] {
  return [
    { title: 'Date', dataIndex: 'accidentDate', key: 'accidentDate', width: 130, render: (day: string) => safetyDate(day) },
    {
      title: 'Driver', dataIndex: 'driverId', key: 'driverId', width: 180,
      render: (id: string) => <ReferenceName name={drivers.label(id)} loaded={drivers.loaded} />,
    },
    {
      title: 'Truck', dataIndex: 'truckId', key: 'truckId', width: 110,
      render: (id: string | null) => <ReferenceName name={trucks.label(id)} loaded={trucks.loaded} />,
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
export function accidentSearchFields(drivers: RecordLookup<Driver>): SearchField<Accident>[] {
  return [(row) => drivers.label(row.driverId), 'location', 'severity', 'status'];
}
