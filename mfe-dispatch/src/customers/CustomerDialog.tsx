import { CHARGE_TERMS_LABELS, CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS, customerInputSchema, INVOICING_LABELS, INVOICING_OPTIONS, type Customer } from '@tms/contracts';
import { FormField, FormGrid, MoneyInput, optionsOf, ResourceFormModal, SEARCHABLE, WholeNumberInput, type ResourceDialogProps } from '@tms/ui';
import { Collapse, Input, Select } from 'antd';
import { customersApi } from './customers.api.js';
import { customerFormValues, customerPayload, customerTexts, type CustomerFormValues } from './customer-form.js';

const TYPE_OPTIONS = optionsOf(CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS);
const INVOICING_OPTION_LIST = optionsOf(INVOICING_OPTIONS, INVOICING_LABELS);

const CHARGE_TERMS_TEXTS = { section: "Charge terms (empty: the company's, from Settings)", hours: 'hours' } as const;
const L = CHARGE_TERMS_LABELS;

/** Issue 43: the customer's own charge terms, each optional. */
function CustomerTermsFields() {
  return (
    <FormGrid minWidth={180}>
      <FormField label={L.detentionFreeHours} name="detentionFreeHours">
        <Input inputMode="decimal" placeholder="2" suffix={CHARGE_TERMS_TEXTS.hours} autoComplete="off" />
      </FormField>
      <FormField label={L.detentionRatePerHour} name="detentionRatePerHour">
        <MoneyInput />
      </FormField>
      <FormField label={L.detentionCapHours} name="detentionCapHours">
        <Input inputMode="decimal" placeholder="5" suffix={CHARGE_TERMS_TEXTS.hours} autoComplete="off" />
      </FormField>
      <FormField label={L.billingIncrementMinutes} name="billingIncrementMinutes">
        <WholeNumberInput placeholder="15" />
      </FormField>
      <FormField label={L.layoverPerDay} name="layoverPerDay">
        <MoneyInput />
      </FormField>
      <FormField label={L.tonuFlat} name="tonuFlat">
        <MoneyInput />
      </FormField>
      <FormField label={L.stopOffPerStop} name="stopOffPerStop">
        <MoneyInput />
      </FormField>
      <FormField label={L.fuelSurchargePerMile} name="fuelSurchargePerMile">
        <MoneyInput />
      </FormField>
    </FormGrid>
  );
}

export interface CustomerDialogProps extends ResourceDialogProps<Customer> {
  /** What a new customer starts with beyond the defaults (issue 47: the sender of a dropped document). */
  prefill?: Partial<CustomerFormValues>;
  /** The customer as saved (the load dialog chooses the one it added). */
  onSaved?: (customer: Customer) => void;
}

/** 'Add Customer' / 'Edit Customer'. */
export function CustomerDialog({ prefill, ...props }: CustomerDialogProps) {
  return (
    <ResourceFormModal
      {...props}
      name="customer"
      api={customersApi}
      texts={customerTexts}
      schema={customerInputSchema}
      toFormValues={(customer) => ({ ...customerFormValues(customer), ...(customer ? {} : prefill) })}
      toPayload={customerPayload}
    >
      <FormField label="Name" name="name">
        <Input placeholder="Acme Logistics" autoComplete="off" />
      </FormField>
      <FormGrid>
        <FormField label="Email" name="email">
          <Input type="email" placeholder="shipping@acme.com" autoComplete="off" />
        </FormField>
        <FormField label="Phone" name="phone">
          <Input type="tel" placeholder="(555) 123-4567" autoComplete="off" />
        </FormField>
      </FormGrid>
      <FormField label="Address" name="address">
        {/* An address may take a few lines (a suite, a dock), as an imported file may hold them. */}
        <Input.TextArea placeholder="123 Main St, Chicago, IL 60601" autoComplete="off" autoSize={{ minRows: 1, maxRows: 4 }} />
      </FormField>
      <FormGrid>
        <FormField label="Type" name="type">
          <Select options={TYPE_OPTIONS} showSearch={SEARCHABLE} />
        </FormField>
        {/* Issue 45: its invoices sold to the factor (Settings' Factoring), or billed direct. */}
        <FormField label="Invoicing" name="invoicing">
          <Select options={INVOICING_OPTION_LIST} />
        </FormField>
      </FormGrid>
      {/* Issue 46: 'Send Invoice' sends its invoices here (empty: the dialog offers the Email above). Not 'Email' in its label: that names the field above. */}
      <FormGrid>
        <FormField label="Billing E-mail" name="billingEmail">
          <Input type="email" placeholder="ap@acme.com" autoComplete="off" />
        </FormField>
        {/* Issue 47: a broker's documents are known by it (the load dialog's AI Extract matches their sender). */}
        <FormField label="MC Number" name="mcNumber">
          <Input placeholder="MC-123456" autoComplete="off" />
        </FormField>
      </FormGrid>
      <Collapse
        size="small"
        items={[{ key: 'terms', label: CHARGE_TERMS_TEXTS.section, forceRender: true, children: <CustomerTermsFields /> }]}
        style={{ marginBottom: 16 }}
      />
    </ResourceFormModal>
  );
}
