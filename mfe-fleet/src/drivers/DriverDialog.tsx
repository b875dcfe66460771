import { DRIVER_STATUSES, DRIVER_STATUS_LABELS, driverInputSchema, PAY_TYPE_LABELS, PAY_TYPES, type Driver } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, type ResourceDialogProps, ResourceFormModal, SEARCHABLE, useAssignmentWarning, useChoices } from '@tms/ui';
import { Form, Input, InputNumber, Select } from 'antd';
import { driversApi } from './drivers.api.js';
import { driverFormValues, driverPayload, driverTexts, PAY_RATE_INPUTS, type DriverFormValues } from './driver-form.js';

const STATUS_OPTIONS = optionsOf(DRIVER_STATUSES, DRIVER_STATUS_LABELS);
/** A driver may have no pay rule: 'None' first. */
const PAY_TYPE_OPTIONS = [{ value: '', label: 'None' }, ...optionsOf(PAY_TYPES, PAY_TYPE_LABELS)];

/**
 * 'Add Driver' / 'Edit Driver'; the Assigned Truck choices come from GET /api/trucks. The pay rule (issue 26) is a
 * type and a rate in the type's unit; with no type there is no rate.
 */
export function DriverDialog(props: ResourceDialogProps<Driver>) {
  const [form] = Form.useForm<DriverFormValues>();
  const trucks = useChoices('trucks', { none: true });
  const truckWarning = useAssignmentWarning('trucks');
  const payType = Form.useWatch('payType', form);
  const rate = payType ? PAY_RATE_INPUTS[payType] : undefined;

  return (
    <ResourceFormModal
      {...props}
      name="driver"
      api={driversApi}
      texts={driverTexts}
      schema={driverInputSchema}
      toFormValues={driverFormValues}
      toPayload={driverPayload}
      form={form}
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
      <FormField label="Assigned Truck" name="assignedTruckId" rules={[truckWarning]}>
        <Select {...trucks} />
      </FormField>
      <FormGrid>
        <FormField label="Pay Type" name="payType">
          <Select options={PAY_TYPE_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Pay Rate" name="payRate">
          <InputNumber<string>
            stringMode
            step={rate?.step ?? '0.01'}
            controls={false}
            disabled={!rate}
            suffix={rate?.unit}
            placeholder={rate ? undefined : 'Choose a pay type'}
            style={{ width: '100%' }}
          />
        </FormField>
        <FormField label="Pay per Extra Stop" name="perStopPay" tooltip="Each stop beyond the first pickup and the last delivery">
          <MoneyInput />
        </FormField>
        <FormField label="Detention Share" name="detentionSharePercent" tooltip="The driver's percent of the detention billed and approved on a load">
          <InputNumber<string> stringMode step="1" min="0" max="100" controls={false} suffix="%" style={{ width: '100%' }} />
        </FormField>
      </FormGrid>
    </ResourceFormModal>
  );
}
