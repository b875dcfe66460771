import { DollarOutlined, IdcardOutlined, InboxOutlined, TruckOutlined } from '@ant-design/icons';
import { formatDollars, type Driver, type Truck } from '@tms/contracts';
import { PageHeader, resourceListQuery, SummaryCard, SummaryCardGrid, SummaryCardPlaceholders } from '@tms/ui';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useMemo } from 'react';
import { loadsApi } from '../loads/loads.api.js';
import {
  ACTIVE_LOADS_RISE_PERCENT,
  driverFigures,
  loadFigures,
  TOTAL_REVENUE_RISE_PERCENT,
  totalNote,
  truckFigures,
} from './dashboard-figures.js';
import { FleetStatusCard } from './FleetStatusCard.js';
import { NeedsAttentionCard } from './NeedsAttentionCard.js';
import { RecentLoadsCard } from './RecentLoadsCard.js';

const SUMMARY_CARD_COUNT = 4;
const count = (value: number) => value.toLocaleString('en-US');

/** Dashboard (/): spec 2.3. The same list cache entries as the Loads, Fleet and Drivers screens. */
export function DashboardPage() {
  const loads = useQuery(loadsApi.list());
  const trucks = useQuery(resourceListQuery<Truck>('trucks'));
  const drivers = useQuery(resourceListQuery<Driver>('drivers'));

  // Each figure is worked out once per fetch of its list, not on every render (lists of 10,000 loads).
  const loadFacts = useMemo(() => loadFigures(loads.data ?? []), [loads.data]);
  const truckFacts = useMemo(() => truckFigures(trucks.data ?? []), [trucks.data]);
  const driverFacts = useMemo(() => driverFigures(drivers.data ?? []), [drivers.data]);

  const header = <PageHeader title="Dashboard" subtitle="Overview of your operations" />;
  const lists = [loads, trucks, drivers];
  const failed = lists.find((query) => query.isError && !query.data);
  if (failed) {
    return (
      <div>
        {header}
        <Alert
          type="error"
          showIcon
          title="Could not load the dashboard"
          description={failed.error?.message}
          action={<Button onClick={() => lists.filter((query) => query.isError).forEach((query) => void query.refetch())}>Retry</Button>}
        />
      </div>
    );
  }
  if (lists.some((query) => query.isPending)) {
    return (
      <div>
        {header}
        <SummaryCardPlaceholders count={SUMMARY_CARD_COUNT} />
      </div>
    );
  }

  return (
    <div>
      {header}
      <SummaryCardGrid>
        <SummaryCard
          title="Active Loads"
          icon={<InboxOutlined />}
          value={count(loadFacts.activeLoads)}
          note={totalNote(loadFacts.totalLoads, 'load')}
          risePercent={ACTIVE_LOADS_RISE_PERCENT}
        />
        <SummaryCard title="Available Trucks" icon={<TruckOutlined />} value={count(truckFacts.availableTrucks)} note={totalNote(truckFacts.totalTrucks, 'truck')} />
        <SummaryCard title="Active Drivers" icon={<IdcardOutlined />} value={count(driverFacts.activeDrivers)} note={totalNote(driverFacts.totalDrivers, 'driver')} />
        <SummaryCard title="Total Revenue" icon={<DollarOutlined />} value={formatDollars(loadFacts.totalRevenue)} risePercent={TOTAL_REVENUE_RISE_PERCENT} />
      </SummaryCardGrid>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(min(380px, 100%), 1fr))', gap: 16, marginTop: 16 }}>
        <RecentLoadsCard loads={loadFacts.recentLoads} />
        <FleetStatusCard trucks={truckFacts.fleetStatus} />
      </div>
      <NeedsAttentionCard />
    </div>
  );
}
