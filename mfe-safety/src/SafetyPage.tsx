import type { Accident, Inspection, Violation } from '@tms/contracts';
import { listTab, TabbedListPage, useLookup } from '@tms/ui';
import { useMemo } from 'react';
import { AccidentDialog } from './accidents/AccidentDialog.js';
import { accidentColumns, accidentSearchFields } from './accidents/accident-columns.js';
import { accidentTexts } from './accidents/accident-form.js';
import { accidentsApi } from './accidents/accidents.api.js';
import { InspectionDialog } from './inspections/InspectionDialog.js';
import { inspectionColumns, inspectionSearchFields } from './inspections/inspection-columns.js';
import { inspectionTexts } from './inspections/inspection-form.js';
import { inspectionsApi } from './inspections/inspections.api.js';
import { ViolationDialog } from './violations/ViolationDialog.js';
import { violationColumns, violationSearchFields } from './violations/violation-columns.js';
import { violationTexts } from './violations/violation-form.js';
import { violationsApi } from './violations/violations.api.js';

/** Spec 9: three skeleton rows while a safety list loads. */
const SKELETON_ROWS = 3;

/** Safety & Compliance (/safety): Inspections (the default), Accidents and Violations, the tab kept in the URL. */
export function SafetyPage() {
  const trucks = useLookup('trucks');
  const drivers = useLookup('drivers');
  const tabs = useMemo(
    () => [
      listTab<Inspection>({
        key: 'inspections', label: 'Inspections', texts: inspectionTexts, api: inspectionsApi, dialog: InspectionDialog,
        columns: inspectionColumns(trucks, drivers), searchFields: inspectionSearchFields(trucks, drivers), skeletonRows: SKELETON_ROWS, addFromEmptyState: true,
      }),
      listTab<Accident>({
        key: 'accidents', label: 'Accidents', texts: accidentTexts, api: accidentsApi, dialog: AccidentDialog,
        columns: accidentColumns(trucks, drivers), searchFields: accidentSearchFields(drivers), skeletonRows: SKELETON_ROWS, addFromEmptyState: true,
      }),
      listTab<Violation>({
        key: 'violations', label: 'Violations', texts: violationTexts, api: violationsApi, dialog: ViolationDialog,
        columns: violationColumns(drivers), searchFields: violationSearchFields(drivers), skeletonRows: SKELETON_ROWS, addFromEmptyState: true,
      }),
    ],
    [trucks, drivers],
  );
  return <TabbedListPage title="Safety & Compliance" subtitle="Manage inspections, accidents, and violations" tabs={tabs} />;
}
