import {
  PAID_SETTLEMENT_STATUS,
  SETTLEMENT_PAYMENT_METHODS,
  SETTLEMENT_STATUSES,
  settlementInputSchema,
  type Settlement,
} from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, type ResourceDialogProps } from '@tms/ui';
import { Form, Input, InputNumber, Select } from 'antd';
import { settlementsApi } from './settlements.api.js';
import { netPayOf, settlementFormValues, settlementPayload, settlementTexts, type SettlementFormValues } from './settlement-form.js';

const STATUS_OPTIONS = optionsOf(SETTLEMENT_STATUSES);
const METHOD_OPTIONS = optionsOf(SETTLEMENT_PAYMENT_METHODS);

/** 'Create Settlement' / 'Edit Settlement' (spec 2.11): net pay follows driver pay and deductions; Paid reveals Paid Date. */
export function SettlementDialog(props: ResourceDialogProps<Settlement>) {
  const [form] = Form.useForm<SettlementFormValues>();
  const drivers = useChoices('drivers');
  const status = Form.useWatch('status', form);
  const editing = props.record !== null;

  const follow = (changed: Partial<SettlementFormValues>, values: SettlementFormValues) => {
    if ('driverPay' in changed || 'deductions' in changed) form.setFieldsValue({ netPay: netPayOf(values) });
  };

  return (
    <ResourceFormModal
      {...props}
      name="settlement"
      api={settlementsApi}
      texts={settlementTexts}
      schema={settlementInputSchema}
      toFormValues={settlementFormValues}
      toPayload={settlementPayload}
      form={form}
      onValuesChange={follow}
      omitEmptyOnCreate
      width={680}
    >
      <FormGrid>
        <FormField label="Driver" name="driverId">
          <Select {...drivers} placeholder="Select driver" />
        </FormField>
        <FormField label="Settlement Number" name="settlementNumber">
          <Input autoComplete="off" readOnly={editing} />
        </FormField>
        <FormField label="Period Start" name="periodStart">
          <DayPicker />
        </FormField>
        <FormField label="Period End" name="periodEnd">
          <DayPicker />
        </FormField>
      </FormGrid>
      <FormGrid minWidth={140}>
        <FormField label="Total Miles" name="totalMiles">
          <InputNumber<number> min={0} step={1} precision={0} controls={false} placeholder="0" style={{ width: '100%' }} />
        </FormField>
        <FormField label="Total Revenue" name="totalRevenue">
          <MoneyInput />
        </FormField>
        <FormField label="Driver Pay" name="driverPay">
          <MoneyInput />
        </FormField>
        <FormField label="Deductions" name="deductions">
          <MoneyInput />
        </FormField>
        <FormField label="Net Pay" name="netPay">
          <MoneyInput readOnly tabIndex={-1} />
        </FormField>
      </FormGrid>
      <FormGrid>
        <FormField label="Status" name="status">
          <Select options={STATUS_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        {status === PAID_SETTLEMENT_STATUS && (
          <FormField label="Paid Date" name="paidDate">
            <DayPicker />
          </FormField>
        )}
        <FormField label="Payment Method" name="paymentMethod">
          <Select options={METHOD_OPTIONS} placeholder="Select payment method" allowClear showSearch={SEARCHABLE} />
        </FormField>
      </FormGrid>
      <FormField label="Notes" name="notes">
        <Input.TextArea rows={3} />
      </FormField>
    </ResourceFormModal>
  );
}
