import type { Truck } from '@tms/contracts';
import { ListEmpty, TruckStatusBadge, vehicleDetails } from '@tms/ui';
import { Card, Flex, Typography } from 'antd';
import { DashboardList } from './DashboardList.js';

const { Text } = Typography;

/** Spec 2.3: the first trucks with number, status, year make model and type; or an invitation to add one. */
export function FleetStatusCard({ trucks }: { trucks: readonly Truck[] }) {
  return (
    <Card title="Fleet Status" role="region" aria-label="Fleet Status">
      {trucks.length === 0 ? (
        <ListEmpty title="No trucks yet" hint="Add trucks to your fleet to get started" />
      ) : (
        <DashboardList
          items={trucks}
          render={(truck) => (
            <>
              <Flex vertical gap={4} style={{ minWidth: 0 }}>
                <Flex gap={8} align="center" wrap>
                  <Text strong>{truck.truckNumber}</Text>
                  <TruckStatusBadge status={truck.status} />
                </Flex>
                <Text type="secondary" ellipsis>
                  {vehicleDetails(truck) ?? 'Not specified'}
                </Text>
              </Flex>
              <Text type="secondary" style={{ flex: 'none' }}>
                {truck.type}
              </Text>
            </>
          )}
        />
      )}
    </Card>
  );
}
