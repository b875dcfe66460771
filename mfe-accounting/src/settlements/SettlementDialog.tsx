import {
  PAID_SETTLEMENT_STATUS,
  type Settlement,
  SETTLEMENT_PAYMENT_METHODS,
  SETTLEMENT_RULES,
  SETTLEMENT_STATUSES,
  type SettlementDraft,
  settlementInputSchema,
  withRules,
} from '@tms/contracts';
import { DayPicker, FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, useChoices, WholeNumberInput, type ResourceDialogProps } from '@tms/ui';
import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { FillFromLoads } from './FillFromLoads.js';
import { settlementsApi } from './settlements.api.js';
import { netPayOf, settlementFormValues, settlementPayload, settlementTexts, withSettlementDraft, type SettlementFormValues } from './settlement-form.js';

/** The schema and the rules across its fields (contracts), each message under its field. */
const SETTLEMENT_FORM_SCHEMA = withRules(settlementInputSchema, SETTLEMENT_RULES);

const STATUS_OPTIONS = optionsOf(SETTLEMENT_STATUSES);
const METHOD_OPTIONS = optionsOf(SETTLEMENT_PAYMENT_METHODS);

/**
 * 'Create Settlement' / 'Edit Settlement' (spec 2.11): net pay follows driver pay and deductions; Paid reveals Paid Date.
 * Creating, 'Fill from loads' fills the figures from the driver's delivered loads in the period (issue 26).
 */
export function SettlementDialog(props: ResourceDialogProps<Settlement>) {
  const [form] = Form.useForm<SettlementFormValues>();
  const drivers = useChoices('drivers');
  const status = Form.useWatch('status', form);
  const editing = props.record !== null;
  // The loads last filled from: another driver or period no longer pays them.
  const [draft, setDraft] = useState<SettlementDraft | null>(null);

  const follow = (changed: Partial<SettlementFormValues>, values: SettlementFormValues) => {
    if ('driverPay' in changed || 'deductions' in changed) form.setFieldsValue({ netPay: netPayOf(values) });
    if (draft && ('driverId' in changed || 'periodStart' in changed || 'periodEnd' in changed)) {
      setDraft(null);
      form.setFieldValue('loadIds', undefined);
    }
  };
  const fill = (filled: SettlementDraft) => {
    setDraft(filled);
    // No loads to settle: what was typed stays.
    if (filled.loads.length === 0) return;
    const values = withSettlementDraft(form.getFieldsValue(true) as SettlementFormValues, filled);
    // Filled, a field no longer shows what an earlier attempt said of it ('Driver pay is required').
    form.setFields(Object.entries(values).map(([name, value]) => ({ name: name as keyof SettlementFormValues, value, errors: [] })));
  };

  return (
    <ResourceFormModal
      {...props}
      name="settlement"
      api={settlementsApi}
      texts={settlementTexts}
      schema={SETTLEMENT_FORM_SCHEMA}
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
      {!editing && <FillFromLoads form={form} draft={draft} onFilled={fill} />}
      <FormGrid minWidth={140}>
        <FormField label="Total Miles" name="totalMiles">
          <WholeNumberInput />
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
