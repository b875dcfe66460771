import type { Driver, Inspection, Truck } from '@tms/contracts';
import { CellText, OneLineText, type RecordLookup, type ResourceColumn, type SearchField } from '@tms/ui';
import { ReferenceName } from '../ReferenceName.js';
import { defectsText, InspectionStatusBadge, safetyDate } from '../safety-display.js';

/** Spec 2.10: Date, Truck, Driver, Type, Status, Defects (cut at 200 px, or 'None'). */
export function inspectionColumns(trucks: RecordLookup<Truck>, drivers: RecordLookup<Driver>): ResourceColumn<Inspection>[] {
  return [
    { title: 'Date', dataIndex: 'inspectionDate', key: 'inspectionDate', width: 130, render: (day: string) => safetyDate(day) },
    {
      title: 'Truck', dataIndex: 'truckId', key: 'truckId', width: 120,
      render: (id: string) => <ReferenceName name={trucks.label(id)} loaded={trucks.loaded} />,
    },
    {
      title: 'Driver', dataIndex: 'driverId', key: 'driverId', width: 180,
      render: (id: string) => <ReferenceName name={drivers.label(id)} loaded={drivers.loaded} />,
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
export function inspectionSearchFields(trucks: RecordLookup<Truck>, drivers: RecordLookup<Driver>): SearchField<Inspection>[] {
  return [(row) => trucks.label(row.truckId), (row) => drivers.label(row.driverId), 'inspectionType', 'status'];
}
