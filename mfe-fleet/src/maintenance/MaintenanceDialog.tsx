import { MAINTENANCE_STATUSES, MAINTENANCE_STATUS_LABELS, MAINTENANCE_TYPES, maintenanceInputSchema, type MaintenanceRecord } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, type ResourceDialogProps } from '@tms/ui';
import { Input, InputNumber, Select } from 'antd';
import { maintenanceApi } from './maintenance.api.js';
import { truckLabel } from './maintenance-display.js';
import { maintenanceFormValues, maintenancePayload, maintenanceTexts } from './maintenance-form.js';

const TYPE_OPTIONS = optionsOf(MAINTENANCE_TYPES);
const STATUS_OPTIONS = optionsOf(MAINTENANCE_STATUSES, MAINTENANCE_STATUS_LABELS);
const MILES = { min: 0, step: 1, precision: 0, controls: false, placeholder: '0', suffix: 'mi', style: { width: '100%' } } as const;

/** 'Add Service Record' / 'Edit Service Record'; the trucks come from GET /api/trucks, as 'number - type'. */
export function MaintenanceDialog(props: ResourceDialogProps<MaintenanceRecord>) {
  const trucks = useChoices('trucks', { label: truckLabel });
  return (
    <ResourceFormModal
      {...props}
      name="maintenance"
      api={maintenanceApi}
      texts={maintenanceTexts}
      schema={maintenanceInputSchema}
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
          <InputNumber<number> {...MILES} />
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
          <InputNumber<number> {...MILES} />
        </FormField>
      </FormGrid>
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={2} />
      </FormField>
    </ResourceFormModal>
  );
}
