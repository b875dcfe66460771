import { Skeleton } from 'antd';

/** The content area while its screen (the screens' code, a remote, or a lazy part of one) loads. */
export function ContentSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading section">
      <Skeleton active title={{ width: '30%' }} paragraph={{ rows: 1, width: '45%' }} />
      <Skeleton active title={false} paragraph={{ rows: 6 }} style={{ marginTop: 24 }} />
    </div>
  );
}
