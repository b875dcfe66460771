import { DRIVER_STATUSES, DRIVER_STATUS_LABELS, driverInputSchema, type Driver } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, type ResourceDialogProps } from '@tms/ui';
import { Input, Select } from 'antd';
import { driversApi } from './drivers.api.js';
import { driverFormValues, driverPayload, driverTexts } from './driver-form.js';

const STATUS_OPTIONS = optionsOf(DRIVER_STATUSES, DRIVER_STATUS_LABELS);

/** 'Add Driver' / 'Edit Driver'; the Assigned Truck choices come from GET /api/trucks. */
export function DriverDialog(props: ResourceDialogProps<Driver>) {
  const trucks = useChoices('trucks', { none: true });

  return (
    <ResourceFormModal
      {...props}
      name="driver"
      api={driversApi}
      texts={driverTexts}
      schema={driverInputSchema}
      toFormValues={driverFormValues}
      toPayload={driverPayload}
    >
      <FormGrid>
        <FormField label="Name" name="name">
          <Input placeholder="John Smith" autoComplete="off" />
        </FormField>
        <FormField label="Email" name="email">
          <Input type="email" placeholder="john@example.com" autoComplete="off" />
        </FormField>
        <FormField label="Phone" name="phone">
          <Input type="tel" placeholder="(555) 123-4567" autoComplete="off" />
        </FormField>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="License Number" name="licenseNumber">
          <Input placeholder="CDL123456" autoComplete="off" />
        </FormField>
        <FormField label="License Expiration" name="licenseExpiration">
          <DayPicker />
        </FormField>
        <FormField label="Medical Card Number" name="medicalCardNumber">
          <Input placeholder="MED789" autoComplete="off" />
        </FormField>
        <FormField label="Medical Card Expiration" name="medicalCardExpiration">
          <DayPicker />
        </FormField>
      </FormGrid>
      <FormField label="Assigned Truck" name="assignedTruckId">
        <Select {...trucks} />
      </FormField>
    </ResourceFormModal>
  );
}
