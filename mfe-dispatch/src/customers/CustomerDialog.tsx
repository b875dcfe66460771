import { CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS, customerInputSchema, type Customer } from '@tms/contracts';
import { FormField, FormGrid, optionsOf, ResourceFormModal, SEARCHABLE, type ResourceDialogProps } from '@tms/ui';
import { Input, Select } from 'antd';
import { customersApi } from './customers.api.js';
import { customerFormValues, customerPayload, customerTexts } from './customer-form.js';

const TYPE_OPTIONS = optionsOf(CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS);

/** 'Add Customer' / 'Edit Customer'. */
export function CustomerDialog(props: ResourceDialogProps<Customer>) {
  return (
    <ResourceFormModal
      {...props}
      name="customer"
      api={customersApi}
      texts={customerTexts}
      schema={customerInputSchema}
      toFormValues={customerFormValues}
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
      <FormField label="Type" name="type">
        <Select options={TYPE_OPTIONS} showSearch={SEARCHABLE} />
      </FormField>
    </ResourceFormModal>
  );
}
