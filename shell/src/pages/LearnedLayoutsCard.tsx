import { EXTRACT_LAYOUTS_RESOURCE, type ExtractedField, type ExtractLayout } from '@tms/contracts';
import { api, useToast } from '@tms/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';

const LAYOUTS_URL = `/api/${EXTRACT_LAYOUTS_RESOURCE}`;
const layoutsQuery = { queryKey: [LAYOUTS_URL], queryFn: () => api.get<ExtractLayout[]>(LAYOUTS_URL) };

const FIELD_LABELS: Record<ExtractedField, string> = {
  loadNumber: 'Load Number',
  pickupLocation: 'Pickup Location',
  pickupDate: 'Pickup Date',
  deliveryLocation: 'Delivery Location',
  deliveryDate: 'Delivery Date',
  rate: 'Rate',
  weight: 'Weight',
  commodity: 'Commodity',
  notes: 'Notes',
};

export const LEARNED_LAYOUTS_TEXTS = {
  title: 'Learned Layouts',
  intro:
    "When a load is saved with its document (AI Extract, or a document added to the load), AI Extract learns where that sender's layout puts each value, and reads their next documents there first. A layout learned from a wrong load is fixed by saving a correct one.",
  empty: 'No layouts learned yet.',
  loadFailed: 'The learned layouts could not be loaded.',
  forget: 'Forget',
  confirm: (title: string) => `Forget the layout of '${title}'? Its documents are read by the general rules again.`,
  forgotten: 'Layout forgotten',
  forgetFailed: 'Failed to forget the layout. Please try again.',
  columns: { title: 'Sender or Title', fields: 'Fields Learned', load: 'From Load', learnedAt: 'Learned', used: 'Used Since' },
} as const;

const T = LEARNED_LAYOUTS_TEXTS;
const when = (time: string) => new Date(time).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Issue 49: the layouts learned from saved loads (GET /api/extract-layouts), each with 'Forget' (DELETE). */
export function LearnedLayoutsCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const layouts = useQuery(layoutsQuery);
  const forget = useMutation({
    mutationFn: (id: string) => api.delete(`${LAYOUTS_URL}/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<ExtractLayout[]>(layoutsQuery.queryKey, (list) => list?.filter((layout) => layout.id !== id));
      toast.success(T.forgotten);
    },
    onError: () => toast.error(T.forgetFailed),
  });
  const ask = (layout: ExtractLayout) => {
    if (window.confirm(T.confirm(layout.title))) forget.mutate(layout.id);
  };
  return (
    <Card title={T.title} role="region" aria-label={T.title} style={{ maxWidth: 720, marginBottom: 24 }}>
      <Typography.Paragraph type="secondary">{T.intro}</Typography.Paragraph>
      {layouts.isError && <Alert type="error" showIcon title={T.loadFailed} style={{ marginBottom: 12 }} />}
      {layouts.isPending ? (
        <Skeleton active />
      ) : !layouts.data?.length ? (
        <Typography.Paragraph>{T.empty}</Typography.Paragraph>
      ) : (
        // A list rather than a table: it reads the same on a phone, where a table's columns would scroll sideways.
        <ul aria-label={T.title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {layouts.data.map((layout) => (
            <li key={layout.id} style={{ borderTop: '1px solid rgba(128, 128, 128, 0.25)', padding: '10px 0' }}>
              <Flex justify="space-between" align="start" gap={12} wrap>
                <div style={{ minWidth: 0, flex: '1 1 260px' }}>
                  <Typography.Text strong>{layout.title}</Typography.Text>
                  <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 12, rowGap: 2, margin: '4px 0 0' }}>
                    <dt>{T.columns.fields}</dt>
                    <dd style={{ margin: 0 }}>{layout.fields.map((field) => FIELD_LABELS[field]).join(', ')}</dd>
                    <dt>{T.columns.load}</dt>
                    <dd style={{ margin: 0 }}>{layout.loadNumber}</dd>
                    <dt>{T.columns.learnedAt}</dt>
                    <dd style={{ margin: 0 }}>{when(layout.learnedAt)}</dd>
                    <dt>{T.columns.used}</dt>
                    <dd style={{ margin: 0 }}>{`${layout.usedCount} ${layout.usedCount === 1 ? 'document' : 'documents'}`}</dd>
                  </dl>
                </div>
                <Button danger aria-label={`${T.forget} ${layout.title}`} loading={forget.isPending && forget.variables === layout.id} onClick={() => ask(layout)}>
                  {T.forget}
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
