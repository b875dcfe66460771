import type { CompanyProfile } from '@tms/contracts';
import { api, fieldErrors, serverFieldIssues, useToast, WholeNumberInput } from '@tms/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Form, Input, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import {
  COMPANY_PROFILE_LABELS,
  COMPANY_PROFILE_TEXTS,
  COMPANY_PROFILE_URL,
  companyProfileFormValues,
  companyProfilePayload,
  type CompanyProfileFormValues,
} from './company-profile.js';

const profileQuery = { queryKey: [COMPANY_PROFILE_URL], queryFn: () => api.get<CompanyProfile>(COMPANY_PROFILE_URL) };
const FIELDS = Object.keys(COMPANY_PROFILE_LABELS) as (keyof CompanyProfile)[];

/** Fields side by side, one per line when the card is narrow. */
const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(260px, 100%), 1fr))', columnGap: 16 } as const;

/**
 * The carrier's profile as its invoices, packets and driver statements print it (issue 26): the server's field
 * messages under the fields when it refuses a value, a toast when it is saved.
 */
export function CompanyProfileCard() {
  const [form] = Form.useForm<CompanyProfileFormValues>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const profile = useQuery(profileQuery);

  const showIssues = (issues: Record<string, string[]>) => form.setFields(fieldErrors(issues, FIELDS) as Parameters<typeof form.setFields>[0]);
  const save = useMutation({
    mutationFn: (values: CompanyProfileFormValues) => api.put<CompanyProfile>(COMPANY_PROFILE_URL, companyProfilePayload(values)),
    onSuccess: (saved) => {
      showIssues({});
      // As the server keeps it (an empty remit-to address is the address).
      form.setFieldsValue(companyProfileFormValues(saved));
      queryClient.setQueryData(profileQuery.queryKey, saved);
      toast.success(COMPANY_PROFILE_TEXTS.saved);
    },
    onError: (error) => {
      showIssues(serverFieldIssues(error));
      toast.error(COMPANY_PROFILE_TEXTS.saveFailed);
    },
  });

  const field = (name: keyof CompanyProfile, input: ReactNode) => (
    <Form.Item name={name} label={COMPANY_PROFILE_LABELS[name]}>
      {input}
    </Form.Item>
  );

  return (
    <Card title={COMPANY_PROFILE_TEXTS.title} role="region" aria-label={COMPANY_PROFILE_TEXTS.title} style={{ maxWidth: 720, marginBottom: 24 }}>
      <Typography.Paragraph type="secondary">{COMPANY_PROFILE_TEXTS.intro}</Typography.Paragraph>
      {profile.isError && <Alert type="error" showIcon title={COMPANY_PROFILE_TEXTS.loadFailed} style={{ marginBottom: 12 }} />}
      {/* The form opens once the saved profile is there, so nothing typed is overwritten by its arrival. */}
      {profile.isPending ? (
        <Skeleton active />
      ) : (
        <Form<CompanyProfileFormValues>
          form={form}
          name="company"
          layout="vertical"
          noValidate
          initialValues={companyProfileFormValues(profile.data ?? {})}
          disabled={save.isPending}
          onFinish={(values) => save.mutate(values)}
        >
          {field('name', <Input autoComplete="organization" />)}
          {field('address', <Input.TextArea rows={2} autoComplete="street-address" />)}
          <div style={grid}>
            {field('phone', <Input type="tel" autoComplete="tel" />)}
            {field('email', <Input type="email" autoComplete="email" />)}
            {field('mcNumber', <Input placeholder="MC-123456" autoComplete="off" />)}
            {field('dotNumber', <Input placeholder="1234567" autoComplete="off" />)}
          </div>
          {field('remitTo', <Input.TextArea rows={2} placeholder={COMPANY_PROFILE_TEXTS.remitToPlaceholder} />)}
          <div style={grid}>
            {field('paymentTermsDays', <WholeNumberInput placeholder="30" />)}
          </div>
          {field('invoiceNotes', <Input.TextArea rows={3} />)}
          {/* Issue 44: what the driver app shows drivers. */}
          <Form.Item name="showPayToDrivers" valuePropName="checked" extra={COMPANY_PROFILE_TEXTS.showPayToDriversHelp}>
            <Checkbox>{COMPANY_PROFILE_LABELS.showPayToDrivers}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {COMPANY_PROFILE_TEXTS.save}
          </Button>
        </Form>
      )}
    </Card>
  );
}
