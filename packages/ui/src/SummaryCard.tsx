import { RiseOutlined } from '@ant-design/icons';
import { Card, Flex, Skeleton, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { DECORATIVE_ICON } from './RowActions.js';

export interface SummaryCardProps {
  title: string;
  value: ReactNode;
  /** A line under the value, e.g. '150 total loads'. */
  note?: ReactNode;
  /** A rise in percent shown as '+12%' (spec 2.3's trend labels are fixed). */
  risePercent?: number;
  icon?: ReactNode;
}

/** A figure of an overview screen (Dashboard, Accounting): its title, the value large, and a note. */
export function SummaryCard({ title, value, note, risePercent, icon }: SummaryCardProps) {
  const { token } = theme.useToken();
  return (
    <Card role="region" aria-label={title} styles={{ body: { padding: 20 } }}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text type="secondary" style={{ fontWeight: 500 }}>
          {title}
        </Typography.Text>
        {icon && (
          <span aria-hidden style={{ color: token.colorTextTertiary, fontSize: 18 }}>
            {icon}
          </span>
        )}
      </Flex>
      <div style={{ fontSize: 28, fontWeight: 700, lineHeight: 1.3, marginTop: 8, fontVariantNumeric: 'tabular-nums' }}>{value}</div>
      <Flex gap={8} wrap align="baseline" style={{ marginTop: 4, fontSize: 12 }}>
        {risePercent !== undefined && (
          <Typography.Text type="success" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
            <RiseOutlined {...DECORATIVE_ICON} /> +{risePercent}%
          </Typography.Text>
        )}
        {note && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {note}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}

/** Summary cards side by side, as many per line as fit (one on a phone). */
export function SummaryCardGrid({ children }: { children: ReactNode }) {
  return <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))', gap: 16 }}>{children}</div>;
}

/** Placeholder cards while the figures load (spec 9: 4 on the dashboard). */
export function SummaryCardPlaceholders({ count }: { count: number }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading">
      <SummaryCardGrid>
        {Array.from({ length: count }, (_, index) => (
          <Card key={index} styles={{ body: { padding: 20 } }}>
            <Skeleton active title={{ width: '50%' }} paragraph={{ rows: 2, width: ['70%', '40%'] }} />
          </Card>
        ))}
      </SummaryCardGrid>
    </div>
  );
}
