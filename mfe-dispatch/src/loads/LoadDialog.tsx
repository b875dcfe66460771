import { LOAD_STATUSES, LOAD_STATUS_LABELS, loadInputSchema, type Customer, type Driver, type Load, type Truck } from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, ResourceFormModal, resourceListQuery, type ResourceDialogProps } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Input, InputNumber, Select, Tabs } from 'antd';
import { useMemo } from 'react';
import { customersApi } from '../customers/customers.api.js';
import { LoadExtractPanel } from './LoadExtractPanel.js';
import { loadsApi } from './loads.api.js';
import { loadFormValues, loadPayload, loadTexts } from './load-form.js';

const STATUS_OPTIONS = LOAD_STATUSES.map((status) => ({ value: status, label: LOAD_STATUS_LABELS[status] }));
const NONE = { value: '', label: 'None' };
// Choice lists may hold hundreds of records: antd's Select draws only the options in view, and searches their labels.
const SEARCHABLE = { optionFilterProp: 'label' } as const;

/** Choices from a list, built once per fetch of it (never per render). */
function useChoices<T>(resource: string, label: (record: T & { id: string }) => string) {
  const list = useQuery(resourceListQuery<T & { id: string }>(resource));
  const options = useMemo(() => (list.data ?? []).map((record) => ({ value: record.id, label: label(record) })), [list.data, label]);
  return { options, loading: list.isPending };
}

const customerName = (customer: Customer) => customer.name;
const driverName = (driver: Driver) => driver.name;
const truckNumber = (truck: Truck) => truck.truckNumber;

/** The load's fields: the whole dialog when editing, the 'Manual Entry' tab when creating. */
function LoadFields() {
  const customers = useChoices<Customer>(customersApi.resource, customerName);
  const drivers = useChoices<Driver>('drivers', driverName);
  const trucks = useChoices<Truck>('trucks', truckNumber);
  const driverOptions = useMemo(() => [NONE, ...drivers.options], [drivers.options]);
  const truckOptions = useMemo(() => [NONE, ...trucks.options], [trucks.options]);

  return (
    <>
      <FormGrid>
        <FormField label="Load Number" name="loadNumber">
          <Input autoComplete="off" />
        </FormField>
        <FormField label="Customer" name="customerId">
          <Select options={customers.options} loading={customers.loading} placeholder="Select customer" showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Pickup Location" name="pickupLocation">
          <Input placeholder="Chicago, IL" autoComplete="off" />
        </FormField>
        <FormField label="Pickup Date" name="pickupDate">
          <DayPicker />
        </FormField>
        <FormField label="Delivery Location" name="deliveryLocation">
          <Input placeholder="Dallas, TX" autoComplete="off" />
        </FormField>
        <FormField label="Delivery Date" name="deliveryDate">
          <DayPicker />
        </FormField>
      </FormGrid>
      <FormGrid minWidth={150}>
        <FormField label="Rate" name="rate">
          <MoneyInput />
        </FormField>
        <FormField label="Expenses" name="expenses">
          <MoneyInput />
        </FormField>
        <FormField label="Weight (lbs)" name="weight">
          <InputNumber<number> min={0} step={1} precision={0} controls={false} placeholder="0" style={{ width: '100%' }} />
        </FormField>
      </FormGrid>
      <FormGrid>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Commodity" name="commodity">
          <Input placeholder="Frozen poultry" />
        </FormField>
        <FormField label="Assigned Driver" name="assignedDriverId">
          <Select options={driverOptions} loading={drivers.loading} showSearch={SEARCHABLE} />
        </FormField>
        <FormField label="Assigned Truck" name="assignedTruckId">
          <Select options={truckOptions} loading={trucks.loading} showSearch={SEARCHABLE} />
        </FormField>
      </FormGrid>
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={3} />
      </FormField>
    </>
  );
}

/** 'Create Load' with the tabs 'Manual Entry' (the default) and 'AI Extract'; 'Edit Load' with the form only (spec 2.5). */
export function LoadDialog(props: ResourceDialogProps<Load>) {
  const creating = props.record === null;
  return (
    <ResourceFormModal
      {...props}
      name="load"
      api={loadsApi}
      texts={loadTexts}
      schema={loadInputSchema}
      toFormValues={loadFormValues}
      toPayload={loadPayload}
      width={720}
    >
      {creating ? (
        <Tabs
          defaultActiveKey="manual"
          items={[
            { key: 'manual', label: 'Manual Entry', children: <LoadFields /> },
            { key: 'extract', label: 'AI Extract', children: <LoadExtractPanel /> },
          ]}
        />
      ) : (
        <LoadFields />
      )}
    </ResourceFormModal>
  );
}
