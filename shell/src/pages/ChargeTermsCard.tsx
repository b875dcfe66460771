import { CHARGE_TERM_FIELDS, CHARGE_TERMS_LABELS, CHARGE_TERMS_PATH, type ChargeTermField, type ChargeTerms } from '@tms/contracts';
import { api, fieldErrors, MoneyInput, serverFieldIssues, useToast, WholeNumberInput } from '@tms/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';

const TERMS_URL = `/api/${CHARGE_TERMS_PATH}`;
const termsQuery = { queryKey: [TERMS_URL], queryFn: () => api.get<ChargeTerms>(TERMS_URL) };
export const CHARGE_TERMS_TEXTS = {
  title: 'Charge Terms',
  intro: "What the company charges beyond the rate: detention after the free hours, layover, TONU, stop-offs and fuel surcharge. A customer's own terms (its dialog) replace them field by field.",
  save: 'Save Terms',
  saved: 'Charge terms saved',
  saveFailed: 'Failed to save the charge terms',
  loadFailed: 'The charge terms could not be loaded.',
  hours: 'hours',
} as const;

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))', columnGap: 16 } as const;
type Values = Record<ChargeTermField, string | number | null>;

/** Issue 43: the company's charge terms (GET/PUT /api/charge-terms), the issue's defaults until saved. */
export function ChargeTermsCard() {
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const terms = useQuery(termsQuery);
  const showIssues = (issues: Record<string, string[]>) => form.setFields(fieldErrors(issues, CHARGE_TERM_FIELDS) as Parameters<typeof form.setFields>[0]);
  const save = useMutation({
    mutationFn: (values: Values) => api.put<ChargeTerms>(TERMS_URL, Object.fromEntries(CHARGE_TERM_FIELDS.map((field) => [field, values[field] ?? null]))),
    onSuccess: (saved) => {
      showIssues({});
      form.setFieldsValue(saved);
      queryClient.setQueryData(termsQuery.queryKey, saved);
      toast.success(CHARGE_TERMS_TEXTS.saved);
    },
    onError: (error) => {
      showIssues(serverFieldIssues(error));
      toast.error(CHARGE_TERMS_TEXTS.saveFailed);
    },
  });
  const field = (name: ChargeTermField, input: ReactNode) => (
    <Form.Item name={name} label={CHARGE_TERMS_LABELS[name]}>
      {input}
    </Form.Item>
  );
  const hours = <Input inputMode="decimal" suffix={CHARGE_TERMS_TEXTS.hours} autoComplete="off" />;
  return (
    <Card title={CHARGE_TERMS_TEXTS.title} role="region" aria-label={CHARGE_TERMS_TEXTS.title} style={{ maxWidth: 720, marginBottom: 24 }}>
      <Typography.Paragraph type="secondary">{CHARGE_TERMS_TEXTS.intro}</Typography.Paragraph>
      {terms.isError && <Alert type="error" showIcon title={CHARGE_TERMS_TEXTS.loadFailed} style={{ marginBottom: 12 }} />}
      {terms.isPending ? (
        <Skeleton active />
      ) : (
        <Form<Values> form={form} name="charge-terms" layout="vertical" noValidate initialValues={terms.data ?? {}} disabled={save.isPending} onFinish={(values) => save.mutate(values)}>
          <div style={grid}>
            {field('detentionFreeHours', hours)}
            {field('detentionRatePerHour', <MoneyInput />)}
            {field('detentionCapHours', hours)}
            {field('billingIncrementMinutes', <WholeNumberInput placeholder="15" />)}
            {field('layoverPerDay', <MoneyInput />)}
            {field('tonuFlat', <MoneyInput />)}
            {field('stopOffPerStop', <MoneyInput />)}
            {field('fuelSurchargePerMile', <MoneyInput />)}
          </div>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {CHARGE_TERMS_TEXTS.save}
          </Button>
        </Form>
      )}
    </Card>
  );
}
