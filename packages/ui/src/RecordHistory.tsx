import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@tms/contracts';
import { Alert, Button, Collapse, Empty, Spin, theme, Typography } from 'antd';
import { useState } from 'react';
import { api } from './api.js';
import { describeEntry, type FieldDisplay } from './audit-display.js';

export const HISTORY_TEXTS = {
  title: 'History',
  empty: 'No changes recorded yet',
  failed: 'The history could not be loaded. Please try again.',
  older: 'Show older changes',
} as const;

/**
 * The audit trail of one record (GET /api/audit?resource=&id=), newest first: who changed which field from what to
 * what, and when. Collapsed at first, and read only when opened.
 */
export function RecordHistory({ resource, id, display }: { resource: string; id: string; display: FieldDisplay }) {
  const [open, setOpen] = useState(false);
  return (
    <Collapse
      size="small"
      style={{ marginTop: 8 }}
      activeKey={open ? ['history'] : []}
      onChange={(keys) => setOpen(keys.includes('history'))}
      items={[{ key: 'history', label: HISTORY_TEXTS.title, children: open ? <HistoryEntries resource={resource} id={id} display={display} /> : null }]}
    />
  );
}

function HistoryEntries({ resource, id, display }: { resource: string; id: string; display: FieldDisplay }) {
  const { token } = theme.useToken();
  const history = useInfiniteQuery({
    queryKey: ['/api/audit', resource, id],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.get<AuditPage>(`/api/audit?${new URLSearchParams({ resource, id, ...(pageParam ? { after: pageParam } : {}) })}`),
    getNextPageParam: (page) => page.next,
    // A change saved from this dialog shows when it is opened again.
    staleTime: 0,
  });
  if (history.isPending) return <Spin size="small" />;
  if (history.isError) return <Alert type="error" showIcon title={HISTORY_TEXTS.failed} />;
  const entries = history.data.pages.flatMap((page) => page.entries);
  if (!entries.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={HISTORY_TEXTS.empty} />;
  return (
    <div role="list" aria-label={HISTORY_TEXTS.title}>
      {entries.map((entry) => {
        const { when, who, what, lines } = describeEntry(entry, display);
        return (
          <div role="listitem" key={entry.id} style={{ paddingBlock: 6, borderBottom: `1px solid ${token.colorSplit}` }}>
            <Typography.Text strong>{what}</Typography.Text>
            <Typography.Text type="secondary">{` · ${who} · ${when}`}</Typography.Text>
            {lines.map((line) => (
              <div key={line.field} style={{ fontSize: token.fontSizeSM, overflowWrap: 'anywhere' }}>
                <Typography.Text>{line.label}: </Typography.Text>
                {entry.action === 'update' && <Typography.Text delete type="secondary">{line.from}</Typography.Text>}
                {entry.action === 'update' && ' → '}
                <Typography.Text>{entry.action === 'delete' ? line.from : line.to}</Typography.Text>
              </div>
            ))}
          </div>
        );
      })}
      {history.hasNextPage && (
        <Button size="small" type="link" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          {HISTORY_TEXTS.older}
        </Button>
      )}
    </div>
  );
}
