import { FACTORING_RESOURCE, type FactorSettings } from '@tms/contracts';
import { api, fieldErrors, serverFieldIssues, useToast, WholeNumberInput } from '@tms/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Skeleton, Typography } from 'antd';

const FACTORING_URL = `/api/${FACTORING_RESOURCE}`;
const factoringQuery = { queryKey: [FACTORING_URL], queryFn: () => api.get<FactorSettings>(FACTORING_URL) };
const FIELDS = ['name', 'remitTo', 'email', 'clientNumber', 'noticeText', 'advancePercent', 'feePercent', 'recourseDays'] as const satisfies readonly (keyof FactorSettings)[];
export const FACTORING_TEXTS = {
  title: 'Factoring',
  intro: "The factoring company that buys the invoices of customers invoiced 'Factored' (their dialog): its remit-to and notice of assignment print on those invoices, and its terms check its reports (Accounting's Factoring).",
  labels: {
    name: 'Factor name',
    remitTo: 'Remit to',
    email: 'Email',
    clientNumber: 'Client number',
    noticeText: 'Notice of assignment',
    advancePercent: 'Advance',
    feePercent: 'Fee',
    recourseDays: 'Recourse days',
  } satisfies Record<(typeof FIELDS)[number], string>,
  save: 'Save Factor',
  saved: 'Factor saved',
  saveFailed: 'Failed to save the factor',
  loadFailed: 'The factor could not be loaded.',
} as const;

const grid = { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(200px, 100%), 1fr))', columnGap: 16 } as const;
const L = FACTORING_TEXTS.labels;

/** Issue 45: the factor (GET/PUT /api/factoring), the defaults (no name, 97% advance, 3% fee, 90 days) until saved. */
export function FactoringCard() {
  const [form] = Form.useForm<FactorSettings>();
  const queryClient = useQueryClient();
  const toast = useToast();
  const factor = useQuery(factoringQuery);
  const showIssues = (issues: Record<string, string[]>) => form.setFields(fieldErrors(issues, FIELDS) as Parameters<typeof form.setFields>[0]);
  const save = useMutation({
    mutationFn: (values: FactorSettings) => api.put<FactorSettings>(FACTORING_URL, Object.fromEntries(FIELDS.map((field) => [field, values[field] ?? null]))),
    onSuccess: (saved) => {
      showIssues({});
      form.setFieldsValue(saved);
      queryClient.setQueryData(factoringQuery.queryKey, saved);
      toast.success(FACTORING_TEXTS.saved);
    },
    onError: (error) => {
      showIssues(serverFieldIssues(error));
      toast.error(FACTORING_TEXTS.saveFailed);
    },
  });
  return (
    <Card title={FACTORING_TEXTS.title} role="region" aria-label={FACTORING_TEXTS.title} style={{ maxWidth: 720, marginBottom: 24 }}>
      <Typography.Paragraph type="secondary">{FACTORING_TEXTS.intro}</Typography.Paragraph>
      {factor.isError && <Alert type="error" showIcon title={FACTORING_TEXTS.loadFailed} style={{ marginBottom: 12 }} />}
      {factor.isPending ? (
        <Skeleton active />
      ) : (
        <Form<FactorSettings> form={form} name="factoring" layout="vertical" noValidate initialValues={factor.data ?? {}} disabled={save.isPending} onFinish={(values) => save.mutate(values)}>
          <div style={grid}>
            <Form.Item name="name" label={L.name} required>
              <Input autoComplete="off" placeholder="Lakeshore Capital" />
            </Form.Item>
            <Form.Item name="clientNumber" label={L.clientNumber}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item name="email" label={L.email}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </div>
          <Form.Item name="remitTo" label={L.remitTo}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} placeholder={'Lakeshore Capital\nPO Box 4410\nChicago, IL 60680'} />
          </Form.Item>
          <Form.Item name="noticeText" label={L.noticeText}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
          <div style={grid}>
            <Form.Item name="advancePercent" label={L.advancePercent} required>
              <Input inputMode="decimal" suffix="%" autoComplete="off" />
            </Form.Item>
            <Form.Item name="feePercent" label={L.feePercent} required>
              <Input inputMode="decimal" suffix="%" autoComplete="off" />
            </Form.Item>
            <Form.Item name="recourseDays" label={L.recourseDays} required>
              <WholeNumberInput placeholder="90" />
            </Form.Item>
          </div>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {FACTORING_TEXTS.save}
          </Button>
        </Form>
      )}
    </Card>
  );
}
