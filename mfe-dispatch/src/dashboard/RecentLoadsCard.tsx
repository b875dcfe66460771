import { formatDollars, type Load } from '@tms/contracts';
import { formatDay, ListEmpty } from '@tms/ui';
import { Card, Flex, Typography } from 'antd';
import { LoadStatusBadge, loadRoute } from '../loads/load-display.js';
import { DashboardList } from './DashboardList.js';

const { Text } = Typography;

/** Spec 2.3: the first loads with number, status, route, rate and pickup date; or an invitation to create one. */
export function RecentLoadsCard({ loads }: { loads: readonly Load[] }) {
  return (
    <Card title="Recent Loads" role="region" aria-label="Recent Loads">
      {loads.length === 0 ? (
        <ListEmpty title="No loads yet" hint="Create your first load to get started" />
      ) : (
        <DashboardList
          items={loads}
          render={(load) => (
            <>
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Flex gap={8} align="center" wrap>
                  <Text strong>{load.loadNumber}</Text>
                  <LoadStatusBadge status={load.status} />
                </Flex>
                <Text type="secondary" ellipsis>
                  {loadRoute(load)}
                </Text>
              </Flex>
              <Flex vertical gap={4} align="flex-end" style={{ flex: 'none' }}>
                <Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatDollars(load.rate)}
                </Text>
                <Text type="secondary">{formatDay(load.pickupDate)}</Text>
              </Flex>
            </>
          )}
        />
      )}
    </Card>
  );
}
