import { Suspense } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { RemoteName } from '@tms/contracts';
import { ContentSkeleton } from '../layout/ContentSkeleton.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.js';
import { remoteLoader, remoteScreensQuery } from './remotes.js';

function SectionUnavailable({ error, retrying, onRetry }: { error: Error; retrying: boolean; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={<Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>This section could not be loaded</Typography.Title>}
      subTitle={
        <>
          <div>The rest of the application keeps working. Try again in a moment.</div>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: error.message }} style={{ fontSize: 12, maxWidth: 560, margin: '8px auto 0' }}>
            {error.message}
          </Typography.Paragraph>
        </>
      }
      extra={
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} loading={retrying} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}

/** Renders the screen that `remote` exposes for `path`, loading the remote at run time on first use. */
export function RemoteScreen({ remote, path }: { remote: RemoteName; path: string }) {
  const queryClient = useQueryClient();
  const query = useQuery(remoteScreensQuery(remote));

  if (query.isPending) return <ContentSkeleton />;
  if (query.isError) {
    return <SectionUnavailable error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }

  const Screen = query.data[path];
  // The remote is up but its screen for this route has not landed yet.
  if (!Screen) return <NotFoundPage />;

  // Load the remote afresh: the skeleton replaces the failed screen, then a new boundary renders the new code.
  const reloadRemote = () => {
    remoteLoader.forget(remote);
    void queryClient.resetQueries({ queryKey: remoteScreensQuery(remote).queryKey });
  };
  return (
    <RemoteErrorBoundary
      key={path}
      fallback={(error) => <SectionUnavailable error={error} retrying={false} onRetry={reloadRemote} />}
    >
      <Suspense fallback={<ContentSkeleton />}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
