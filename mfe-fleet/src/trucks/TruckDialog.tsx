import { TRUCK_STATUSES, TRUCK_STATUS_LABELS, TRUCK_TYPES, truckInputSchema, type Truck } from '@tms/contracts';
import { FormField, FormGrid, optionsOf, ResourceFormModal, SEARCHABLE, type ResourceDialogProps } from '@tms/ui';
import { Input, InputNumber, Select } from 'antd';
import { trucksApi } from './trucks.api.js';
import { truckFormValues, truckPayload, truckTexts } from './truck-form.js';

const TYPE_OPTIONS = optionsOf(TRUCK_TYPES);
const STATUS_OPTIONS = optionsOf(TRUCK_STATUSES, TRUCK_STATUS_LABELS);

/** 'Add Truck' / 'Edit Truck'. */
export function TruckDialog(props: ResourceDialogProps<Truck>) {
  return (
    <ResourceFormModal
      {...props}
      name="truck"
      api={trucksApi}
      texts={truckTexts}
      schema={truckInputSchema}
      toFormValues={truckFormValues}
      toPayload={truckPayload}
    >
      <FormGrid>
        <FormField label="Truck Number" name="truckNumber">
          <Input placeholder="T-101" autoComplete="off" />
        </FormField>
        <FormField label="License Plate" name="licensePlate">
          <Input placeholder="ABC-1234" autoComplete="off" />
        </FormField>
        <FormField label="Type" name="type">
          <Select options={TYPE_OPTIONS} placeholder="Select type" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} placeholder="Select status" showSearch={SEARCHABLE} />
        </FormField>
      </FormGrid>
      <FormField label="VIN" name="vin">
        <Input placeholder="1HGBH41JXMN109186" autoComplete="off" />
      </FormField>
      <FormGrid minWidth={150}>
        <FormField label="Year" name="year">
          <InputNumber placeholder="2022" controls={false} style={{ width: '100%' }} />
        </FormField>
        <FormField label="Make" name="make">
          <Input placeholder="Freightliner" />
        </FormField>
        <FormField label="Model" name="model">
          <Input placeholder="Cascadia" />
        </FormField>
      </FormGrid>
    </ResourceFormModal>
  );
}
