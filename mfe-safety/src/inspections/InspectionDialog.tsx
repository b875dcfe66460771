import { INSPECTION_STATUSES, INSPECTION_STATUS_LABELS, INSPECTION_TYPES, inspectionInputSchema, type Inspection } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, optionsOf, type ResourceDialogProps, ResourceFormModal, SEARCHABLE, useAssignmentWarning, useChoices } from '@tms/ui';
import { Input, Select } from 'antd';
import { inspectionFormValues, inspectionPayload, inspectionTexts } from './inspection-form.js';
import { inspectionsApi } from './inspections.api.js';

const TYPE_OPTIONS = optionsOf(INSPECTION_TYPES);
const STATUS_OPTIONS = optionsOf(INSPECTION_STATUSES, INSPECTION_STATUS_LABELS);

/** 'Record Inspection' / 'Edit Inspection'. */
export function InspectionDialog(props: ResourceDialogProps<Inspection>) {
  const trucks = useChoices('trucks');
  const truckWarning = useAssignmentWarning('trucks');
  const driverWarning = useAssignmentWarning('drivers');
  const drivers = useChoices('drivers');
  return (
    <ResourceFormModal
      {...props}
      name="inspection"
      api={inspectionsApi}
      texts={inspectionTexts}
      schema={inspectionInputSchema}
      toFormValues={inspectionFormValues}
      toPayload={inspectionPayload}
    >
      <FormGrid>
        <FormField label="Truck" name="truckId" rules={[truckWarning]}>
          <Select {...trucks} placeholder="Select truck" />
        </FormField>
        <FormField label="Driver" name="driverId" rules={[driverWarning]}>
          <Select {...drivers} placeholder="Select driver" />
        </FormField>
        <FormField label="Inspection Type" name="inspectionType">
          <Select options={TYPE_OPTIONS} placeholder="Select type" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Inspection Date" name="inspectionDate">
          <DayPicker />
        </FormField>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Performed By" name="performedBy">
          <Input placeholder="Inspector or officer" autoComplete="off" />
        </FormField>
      </FormGrid>
      <FormField label="Defects" name="defects">
        <Input.TextArea rows={3} placeholder="None found" />
      </FormField>
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={2} />
      </FormField>
    </ResourceFormModal>
  );
}
