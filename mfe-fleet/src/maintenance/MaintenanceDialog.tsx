import {
  MAINTENANCE_RULES,
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TYPES,
  maintenanceInputSchema,
  type MaintenanceRecord,
  withRules,
} from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, WholeNumberInput, type ResourceDialogProps } from '@tms/ui';
import { Input, Select } from 'antd';
import { maintenanceApi } from './maintenance.api.js';
import { truckLabel } from './maintenance-display.js';
import { maintenanceFormValues, maintenancePayload, maintenanceTexts } from './maintenance-form.js';

/** The schema and the rules across its fields (contracts), each message under its field. */
const MAINTENANCE_FORM_SCHEMA = withRules(maintenanceInputSchema, MAINTENANCE_RULES);

const TYPE_OPTIONS = optionsOf(MAINTENANCE_TYPES);
const STATUS_OPTIONS = optionsOf(MAINTENANCE_STATUSES, MAINTENANCE_STATUS_LABELS);
const MILES = { suffix: 'mi' } as const;

/** 'Add Service Record' / 'Edit Service Record'; the trucks come from GET /api/trucks, as 'number - type'. */
export function MaintenanceDialog(props: ResourceDialogProps<MaintenanceRecord>) {
  const trucks = useChoices('trucks', { label: truckLabel });
  return (
    <ResourceFormModal
      {...props}
      name="maintenance"
      api={maintenanceApi}
      texts={maintenanceTexts}
      schema={MAINTENANCE_FORM_SCHEMA}
      toFormValues={maintenanceFormValues}
      toPayload={maintenancePayload}
      omitEmptyOnCreate
      width={680}
    >
      <FormGrid>
        <FormField label="Truck" name="truckId">
          <Select {...trucks} placeholder="Select truck" />
        </FormField>
        <FormField label="Maintenance Type" name="maintenanceType">
          <Select options={TYPE_OPTIONS} placeholder="Select type" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Service Date" name="serviceDate">
          <DayPicker />
        </FormField>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Cost" name="cost">
          <MoneyInput />
        </FormField>
        <FormField label="Mileage" name="mileage">
          <WholeNumberInput {...MILES} />
        </FormField>
        <FormField label="Vendor" name="vendor">
          <Input placeholder="Rush Truck Centers" autoComplete="off" />
        </FormField>
        <FormField label="Invoice Number" name="invoiceNumber">
          <Input placeholder="INV-20931" autoComplete="off" />
        </FormField>
      </FormGrid>
      <FormField label="Description" name="description">
        <Input.TextArea rows={2} placeholder="Oil and filter change, 15W-40" />
      </FormField>
      <FormGrid>
        <FormField label="Next Service Date" name="nextServiceDate">
          <DayPicker />
        </FormField>
        <FormField label="Next Service Mileage" name="nextServiceMileage">
          <WholeNumberInput {...MILES} />
        </FormField>
      </FormGrid>
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={2} />
      </FormField>
    </ResourceFormModal>
  );
}
