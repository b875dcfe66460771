import type { Inspection } from '@tms/contracts';
import { CellText, OneLineText, type ResourceColumn, type SearchField } from '@tms/ui';
import { ReferenceName } from '../ReferenceName.js';
import type { SafetyLookups } from '../safety-lookups.js';
import { defectsText, InspectionStatusBadge, safetyDate } from '../safety-display.js';

/** Spec 2.10: Date, Truck, Driver, Type, Status, Defects (cut at 200 px, or 'None'). */
export function inspectionColumns(lookups: SafetyLookups): ResourceColumn<Inspection>[] {
  return [
    { title: 'Date', dataIndex: 'inspectionDate', key: 'inspectionDate', width: 130, render: (day: string) => safetyDate(day) },
    {
      title: 'Truck', dataIndex: 'truckId', key: 'truckId', width: 120,
      render: (id: string) => <ReferenceName name={lookups.truckNumber(id)} loaded={lookups.loaded} />,
    },
    {
      title: 'Driver', dataIndex: 'driverId', key: 'driverId', width: 180,
      render: (id: string) => <ReferenceName name={lookups.driverName(id)} loaded={lookups.loaded} />,
    },
    { title: 'Type', dataIndex: 'inspectionType', key: 'inspectionType', width: 120 },
    { title: 'Status', dataIndex: 'status', key: 'status', width: 110, render: (status: string) => <InspectionStatusBadge status={status} /> },
    {
      title: 'Defects', dataIndex: 'defects', key: 'defects', width: 230,
      render: (defects: string | null) =>
        defects ? (
          <OneLineText text={defects} maxWidth={200} />
        ) : (
          <CellText type="secondary">{defectsText(defects)}</CellText>
        ),
    },
  ];
}

/** Spec 2.10: search matches truck number, driver name, inspection type and status. */
export function inspectionSearchFields(lookups: SafetyLookups): SearchField<Inspection>[] {
  return [(row) => lookups.truckNumber(row.truckId), (row) => lookups.driverName(row.driverId), 'inspectionType', 'status'];
}
