import { FUEL_TYPES, FUEL_VENDORS, fuelFormSchema, type FuelPurchase } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, type ResourceDialogProps, ResourceFormModal, SEARCHABLE, useAssignmentWarning, useChoices, WholeNumberInput } from '@tms/ui';
import { Form, Input, InputNumber, Select } from 'antd';
import { fuelApi } from './fuel.api.js';
import { computedTotalCost, fuelFormValues, fuelPayload, fuelTexts, type FuelFormValues } from './fuel-form.js';

const VENDOR_OPTIONS = optionsOf(FUEL_VENDORS);
const FUEL_TYPE_OPTIONS = optionsOf(FUEL_TYPES);
/** Spec 9: gallons and price per gallon step 0.001; held as text so that what was typed is what is sent. */
const QUANTITY = { stringMode: true, step: '0.001', controls: false, placeholder: '0.000', style: { width: '100%' } } as const;

/** 'Add Fuel Purchase' / 'Edit Fuel Purchase': Total Cost follows gallons × price per gallon as they are typed. */
export function FuelDialog(props: ResourceDialogProps<FuelPurchase>) {
  const [form] = Form.useForm<FuelFormValues>();
  const trucks = useChoices('trucks');
  const truckWarning = useAssignmentWarning('trucks');
  const driverWarning = useAssignmentWarning('drivers');
  const drivers = useChoices('drivers');
  const loads = useChoices('loads', { none: true });

  const followTotal = (changed: Partial<FuelFormValues>, values: FuelFormValues) => {
    if (!('gallons' in changed) && !('pricePerGallon' in changed)) return;
    const totalCost = computedTotalCost(values);
    // A total worked out answers an earlier 'Total cost is required'; none keeps it.
    form.setFields([{ name: 'totalCost', value: totalCost, ...(totalCost && { errors: [] }) }]);
  };

  return (
    <ResourceFormModal
      {...props}
      name="fuel"
      api={fuelApi}
      texts={fuelTexts}
      schema={fuelFormSchema}
      toFormValues={fuelFormValues}
      toPayload={fuelPayload}
      form={form}
      onValuesChange={followTotal}
      omitEmptyOnCreate
      width={680}
    >
      <FormGrid>
        <FormField label="Truck" name="truckId" rules={[truckWarning]}>
          <Select {...trucks} placeholder="Select truck" />
        </FormField>
        <FormField label="Driver" name="driverId" rules={[driverWarning]}>
          <Select {...drivers} placeholder="Select driver" />
        </FormField>
        <FormField label="Transaction Date" name="transactionDate">
          <DayPicker />
        </FormField>
        <FormField label="Load" name="loadId">
          <Select {...loads} />
        </FormField>
        <FormField label="Vendor" name="vendor">
          <Select options={VENDOR_OPTIONS} placeholder="Select vendor" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Location" name="location">
          <Input placeholder="Gary, IN" autoComplete="off" />
        </FormField>
      </FormGrid>
      <FormGrid minWidth={180}>
        <FormField label="Gallons" name="gallons">
          <InputNumber<string> {...QUANTITY} />
        </FormField>
        <FormField label="Price per Gallon" name="pricePerGallon">
          <InputNumber<string> {...QUANTITY} prefix="$" />
        </FormField>
        <FormField label="Total Cost" name="totalCost">
          <MoneyInput readOnly variant="filled" placeholder="" />
        </FormField>
      </FormGrid>
      <FormGrid>
        <FormField label="Fuel Type" name="fuelType">
          <Select options={FUEL_TYPE_OPTIONS} placeholder="Select fuel type" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Card Number (last 4)" name="cardNumber">
          <Input inputMode="numeric" placeholder="1234" autoComplete="off" />
        </FormField>
        <FormField label="Receipt Number" name="receiptNumber">
          <Input placeholder="R-558201" autoComplete="off" />
        </FormField>
        <FormField label="Odometer Reading" name="odometerReading">
          <WholeNumberInput suffix="mi" />
        </FormField>
      </FormGrid>
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={2} />
      </FormField>
    </ResourceFormModal>
  );
}
