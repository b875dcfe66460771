import { COMPLIANCE_FIX_SCREENS, COMPLIANCE_STATUS_LABELS, complianceItemKey, type ComplianceItem, type ComplianceStatus } from '@tms/contracts';
import { api, ColorBadge, type BadgeColor } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { DashboardList } from './DashboardList.js';

const { Text } = Typography;

/** Items shown on the card; the rest are counted. */
const SHOWN = 5;
const STATUS_COLORS: Record<ComplianceStatus, BadgeColor> = { expired: 'red', missing: 'orange', 'due-soon': 'amber' };

/** Read again each time the Dashboard opens: any change of a driver, truck or record may change it. */
export const complianceQuery = { queryKey: ['compliance'], queryFn: () => api.get<ComplianceItem[]>('/api/compliance'), staleTime: 0 };

/**
 * Below the spec's cards: what expires or is overdue (GET /api/compliance), the first five with a link to the screen
 * where each is put right, or 'All clear'.
 */
export function NeedsAttentionCard() {
  const compliance = useQuery(complianceQuery);
  const items = compliance.data ?? [];
  return (
    <Card
      title="Needs Attention"
      role="region"
      aria-label="Needs Attention"
      extra={
        compliance.data && (
          <Flex gap={12} align="center">
            <Text type="secondary">{items.length === 1 ? '1 item' : `${items.length.toLocaleString('en-US')} items`}</Text>
            {items.length > 0 && <a href="/api/compliance.csv">Download CSV</a>}
          </Flex>
        )
      }
      style={{ marginTop: 16 }}
    >
      {compliance.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : compliance.isError ? (
        <Alert type="error" showIcon title="Could not load what needs attention" action={<Button onClick={() => void compliance.refetch()}>Retry</Button>} />
      ) : items.length === 0 ? (
        <Text type="secondary">All clear</Text>
      ) : (
        <DashboardList
          items={items.slice(0, SHOWN).map((item) => ({ ...item, id: complianceItemKey(item) }))}
          render={(item) => (
            <>
              <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                {/* A badge in readable shades (antd's gold Tag is 2.8:1); flex: none in DashboardList's row. */}
                <span style={{ flex: 'none' }}>
                  <ColorBadge color={STATUS_COLORS[item.status]}>{COMPLIANCE_STATUS_LABELS[item.status]}</ColorBadge>
                </span>
                <Text ellipsis>{item.message}</Text>
              </Flex>
              <Link to={COMPLIANCE_FIX_SCREENS[item.kind].path} style={{ flex: 'none' }}>
                {COMPLIANCE_FIX_SCREENS[item.kind].name}
              </Link>
            </>
          )}
        />
      )}
    </Card>
  );
}
