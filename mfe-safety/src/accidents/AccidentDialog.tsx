import { ACCIDENT_SEVERITIES, ACCIDENT_SEVERITY_LABELS, ACCIDENT_STATUSES, ACCIDENT_STATUS_LABELS, accidentInputSchema, type Accident } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, WholeNumberInput, type ResourceDialogProps } from '@tms/ui';
import { Input, Select } from 'antd';
import { accidentFormValues, accidentPayload, accidentTexts } from './accident-form.js';
import { accidentsApi } from './accidents.api.js';

const SEVERITY_OPTIONS = optionsOf(ACCIDENT_SEVERITIES, ACCIDENT_SEVERITY_LABELS);
const STATUS_OPTIONS = optionsOf(ACCIDENT_STATUSES, ACCIDENT_STATUS_LABELS);

/** 'Report Accident' / 'Edit Accident'. */
export function AccidentDialog(props: ResourceDialogProps<Accident>) {
  const drivers = useChoices('drivers');
  const trucks = useChoices('trucks', { none: true });
  const loads = useChoices('loads', { none: true });
  return (
    <ResourceFormModal
      {...props}
      name="accident"
      api={accidentsApi}
      texts={accidentTexts}
      schema={accidentInputSchema}
      toFormValues={accidentFormValues}
      toPayload={accidentPayload}
      width={720}
    >
      <FormGrid>
        <FormField label="Driver" name="driverId">
          <Select {...drivers} placeholder="Select driver" />
        </FormField>
        <FormField label="Truck" name="truckId">
          <Select {...trucks} />
        </FormField>
        <FormField label="Load" name="loadId">
          <Select {...loads} />
        </FormField>
        <FormField label="Accident Date" name="accidentDate">
          <DayPicker />
        </FormField>
        <FormField label="Location" name="location">
          <Input placeholder="I-80 near Joliet, IL" autoComplete="off" />
        </FormField>
        <FormField label="Severity" name="severity">
          <Select options={SEVERITY_OPTIONS} placeholder="Select severity" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Injuries Reported" name="injuriesReported">
          <WholeNumberInput />
        </FormField>
        <FormField label="Police Report #" name="policeReportNumber">
          <Input autoComplete="off" />
        </FormField>
        <FormField label="Insurance Claim #" name="insuranceClaimNumber">
          <Input autoComplete="off" />
        </FormField>
        <FormField label="Estimated Cost" name="estimatedCost">
          <MoneyInput />
        </FormField>
      </FormGrid>
      <FormField label="Description" name="description">
        <Input.TextArea rows={3} placeholder="What happened" />
      </FormField>
    </ResourceFormModal>
  );
}
