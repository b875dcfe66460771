import { FUEL_TYPES, FUEL_VENDORS, fuelFormSchema, type Driver, type FuelPurchase, type Load, type Truck } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, ResourceFormModal, useResourceChoices, type ResourceDialogProps } from '@tms/ui';
import { Form, Input, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { fuelApi } from './fuel.api.js';
import { computedTotalCost, fuelFormValues, fuelPayload, fuelTexts, type FuelFormValues } from './fuel-form.js';

const VENDOR_OPTIONS = FUEL_VENDORS.map((vendor) => ({ value: vendor, label: vendor }));
const FUEL_TYPE_OPTIONS = FUEL_TYPES.map((type) => ({ value: type, label: type }));
const NONE = { value: '', label: 'None' };
// Choice lists may hold hundreds of records: antd's Select draws only the options in view, and searches their labels.
const SEARCHABLE = { optionFilterProp: 'label' } as const;
/** Spec 9: gallons and price per gallon step 0.001; held as text so that what was typed is what is sent. */
const QUANTITY = { stringMode: true, step: '0.001', min: '0', controls: false, placeholder: '0.000', style: { width: '100%' } } as const;

const truckNumber = (truck: Truck) => truck.truckNumber;
const driverName = (driver: Driver) => driver.name;
const loadNumber = (load: Load) => load.loadNumber;

/** 'Add Fuel Purchase' / 'Edit Fuel Purchase': Total Cost follows gallons × price per gallon as they are typed. */
export function FuelDialog(props: ResourceDialogProps<FuelPurchase>) {
  const [form] = Form.useForm<FuelFormValues>();
  const trucks = useResourceChoices<Truck>('trucks', truckNumber);
  const drivers = useResourceChoices<Driver>('drivers', driverName);
  const loads = useResourceChoices<Load>('loads', loadNumber);
  const loadOptions = useMemo(() => [NONE, ...loads.options], [loads.options]);

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
        <FormField label="Truck" name="truckId">
          <Select options={trucks.options} loading={trucks.loading} placeholder="Select truck" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Driver" name="driverId">
          <Select options={drivers.options} loading={drivers.loading} placeholder="Select driver" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Transaction Date" name="transactionDate">
          <DayPicker />
        </FormField>
        <FormField label="Load" name="loadId">
          <Select options={loadOptions} loading={loads.loading} showSearch={SEARCHABLE} />
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
          <Input maxLength={4} inputMode="numeric" placeholder="1234" autoComplete="off" />
        </FormField>
        <FormField label="Receipt Number" name="receiptNumber">
          <Input placeholder="R-558201" autoComplete="off" />
        </FormField>
        <FormField label="Odometer Reading" name="odometerReading">
          <InputNumber<number> min={0} step={1} precision={0} controls={false} placeholder="0" suffix="mi" style={{ width: '100%' }} />
        </FormField>
      </FormGrid>
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={2} />
      </FormField>
    </ResourceFormModal>
  );
}
