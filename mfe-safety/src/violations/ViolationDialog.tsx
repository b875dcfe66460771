import {
  type Violation,
  VIOLATION_RULES,
  VIOLATION_STATUS_LABELS,
  VIOLATION_STATUSES,
  VIOLATION_TYPES,
  violationInputSchema,
  withRules,
} from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, WholeNumberInput, type ResourceDialogProps } from '@tms/ui';
import { Input, Select } from 'antd';
import { violationFormValues, violationPayload, violationTexts } from './violation-form.js';
import { violationsApi } from './violations.api.js';

/** The schema and the rules across its fields (contracts), each message under its field. */
const VIOLATION_FORM_SCHEMA = withRules(violationInputSchema, VIOLATION_RULES);

const TYPE_OPTIONS = optionsOf(VIOLATION_TYPES);
const STATUS_OPTIONS = optionsOf(VIOLATION_STATUSES, VIOLATION_STATUS_LABELS);

/** 'Record Violation' / 'Edit Violation'. */
export function ViolationDialog(props: ResourceDialogProps<Violation>) {
  const drivers = useChoices('drivers');
  const trucks = useChoices('trucks', { none: true });
  return (
    <ResourceFormModal
      {...props}
      name="violation"
      api={violationsApi}
      texts={violationTexts}
      schema={VIOLATION_FORM_SCHEMA}
      toFormValues={violationFormValues}
      toPayload={violationPayload}
      width={720}
    >
      <FormGrid>
        <FormField label="Driver" name="driverId">
          <Select {...drivers} placeholder="Select driver" />
        </FormField>
        <FormField label="Truck" name="truckId">
          <Select {...trucks} />
        </FormField>
        <FormField label="Violation Type" name="violationType">
          <Select options={TYPE_OPTIONS} placeholder="Select type" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Violation Date" name="violationDate">
          <DayPicker />
        </FormField>
        <FormField label="Location" name="location">
          <Input placeholder="I-55, Springfield, IL" autoComplete="off" />
        </FormField>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Citation Number" name="citationNumber">
          <Input autoComplete="off" />
        </FormField>
        <FormField label="Fine Amount" name="fineAmount">
          <MoneyInput />
        </FormField>
        <FormField label="Points" name="points">
          <WholeNumberInput />
        </FormField>
        <FormField label="Due Date" name="dueDate">
          <DayPicker />
        </FormField>
      </FormGrid>
      <FormField label="Description" name="description">
        <Input.TextArea rows={3} placeholder="What the citation says" />
      </FormField>
    </ResourceFormModal>
  );
}
