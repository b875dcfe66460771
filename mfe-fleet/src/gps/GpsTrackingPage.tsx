import { CarOutlined, EnvironmentOutlined, ReloadOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Driver, GpsLocation, Truck } from '@tms/contracts';
import { ColorBadge, DECORATIVE_ICON, PageHeader, useLookup, virtualTable, type RecordLookup } from '@tms/ui';
import { Button, Card, Col, Empty, Flex, Input, Row, Select, Skeleton, Table, Typography, type TableColumnType } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import {
  coordinatesText,
  GPS_TEXTS,
  headingText,
  LOCATION_FILTERS,
  locationTimeText,
  mapsUrl,
  referenceLabel,
  speedText,
  visibleLocations,
  type LocationFilter,
} from './gps-display.js';
import { devicesApi, latestLocationsQuery } from './gps.api.js';
import { IntegrationCard } from './IntegrationCard.js';

// The map and its state outlines load after the list: the screen's first paint does not wait for them.
const UsMap = lazy(() => import('@tms/ui/us-map').then((module) => ({ default: module.UsMap })));

function LocationEntry({ location, drivers, trucks, onView }: { location: GpsLocation; drivers: RecordLookup<Driver>; trucks: RecordLookup<Truck>; onView: () => void }) {
  const speed = speedText(location.speed);
  const heading = headingText(location.heading);
  return (
    <Flex justify="space-between" align="center" gap={12} wrap data-testid="gps-entry">
      <Flex vertical gap={6}>
        <Flex gap={8} wrap>
          {/* Both badges always: 'N/A' says which of the two the position does not name. */}
          <ColorBadge color="blue" title="Driver">
            <UserOutlined /> {referenceLabel(location.driverId, drivers, GPS_TEXTS.unknownDriver)}
          </ColorBadge>
          <ColorBadge color="purple" title="Truck">
            <CarOutlined /> {referenceLabel(location.truckId, trucks, GPS_TEXTS.unknownTruck)}
          </ColorBadge>
        </Flex>
        <Typography.Link href={mapsUrl(location)} target="_blank" rel="noopener noreferrer">
          <EnvironmentOutlined /> {coordinatesText(location)}
        </Typography.Link>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {locationTimeText(location.timestamp)}
          {speed && ` · ${speed}`}
          {heading && ` · ${heading}`}
        </Typography.Text>
      </Flex>
      <Button size="small" onClick={onView}>
        {GPS_TEXTS.viewOnMap}
      </Button>
    </Flex>
  );
}

/** The narrowest an entry gets (its badges, coordinates and button); it widens with the card. */
const ENTRY_MIN_WIDTH = 260;

/** The entries, a row each; only those in view are drawn (a large fleet has thousands). */
function LocationList({ locations, drivers, trucks, onView }: { locations: readonly GpsLocation[]; drivers: RecordLookup<Driver>; trucks: RecordLookup<Truck>; onView: (id: string) => void }) {
  const columns: TableColumnType<GpsLocation>[] = [
    {
      key: 'entry',
      width: ENTRY_MIN_WIDTH,
      render: (_: unknown, location: GpsLocation) => <LocationEntry location={location} drivers={drivers} trucks={trucks} onView={() => onView(location.id)} />,
    },
  ];
  const virtual = virtualTable(columns, locations.length, { header: false });
  return (
    <div {...virtual.box} aria-label={GPS_TEXTS.liveTitle}>
      <Table<GpsLocation> {...virtual.table} rowKey="id" size="small" dataSource={locations} pagination={false} scroll={{ x: ENTRY_MIN_WIDTH, y: 560 }} />
    </div>
  );
}

/** Spec 2.14: the latest position of each driver and truck, a map of them, and how devices send positions. */
export function GpsTrackingPage() {
  const latest = useQuery(latestLocationsQuery);
  const client = useQueryClient();
  // The devices' last position times move with the positions: refreshed together.
  const refresh = () => {
    void latest.refetch();
    void client.invalidateQueries({ queryKey: devicesApi.queryKey });
  };
  const drivers = useLookup('drivers');
  const trucks = useLookup('trucks');
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<LocationFilter>('all');
  const [selectedId, setSelectedId] = useState<string>();
  const shown = useMemo(() => visibleLocations(latest.data ?? [], filter, search, drivers, trucks), [latest.data, filter, search, drivers, trucks]);
  const points = useMemo(
    () =>
      shown.map((location) => ({
        id: location.id,
        latitude: location.latitude,
        longitude: location.longitude,
        label: [location.driverId && referenceLabel(location.driverId, drivers, GPS_TEXTS.unknownDriver), location.truckId && referenceLabel(location.truckId, trucks, GPS_TEXTS.unknownTruck)]
          .filter(Boolean)
          .join(' · '),
      })),
    [shown, drivers, trucks],
  );

  return (
    <div>
      <PageHeader title={GPS_TEXTS.title} subtitle={GPS_TEXTS.subtitle} />
      <Flex vertical gap={24}>
        <Card
          // The title and its description wrap, and Refresh goes under them when the card is narrow (a phone).
          styles={{ title: { whiteSpace: 'normal', paddingBlock: 12 } }}
          title={
            <Flex justify="space-between" align="center" gap={12} wrap>
              <div>
                <div>{GPS_TEXTS.liveTitle}</div>
                <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
                  {GPS_TEXTS.liveDescription}
                </Typography.Text>
              </div>
              <Button icon={<ReloadOutlined {...DECORATIVE_ICON} />} aria-label="Refresh" loading={latest.isFetching} onClick={refresh}>
                Refresh
              </Button>
            </Flex>
          }
        >
          <Flex gap={12} wrap style={{ marginBottom: 12 }}>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={GPS_TEXTS.search}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              style={{ flex: '1 1 260px', maxWidth: 420 }}
            />
            <Select<LocationFilter> value={filter} onChange={setFilter} options={[...LOCATION_FILTERS]} style={{ width: 180 }} aria-label="Filter locations" />
          </Flex>
          <Row gutter={[24, 24]}>
            <Col xs={24} xl={12}>
              {latest.isPending ? (
                <Skeleton active paragraph={{ rows: 6 }} />
              ) : shown.length === 0 ? (
                <Empty
                  description={
                    <Flex vertical gap={4}>
                      <Typography.Text strong>{GPS_TEXTS.emptyTitle}</Typography.Text>
                      <Typography.Text type="secondary">{GPS_TEXTS.emptyDescription}</Typography.Text>
                    </Flex>
                  }
                />
              ) : (
                <LocationList locations={shown} drivers={drivers} trucks={trucks} onView={setSelectedId} />
              )}
            </Col>
            <Col xs={24} xl={12}>
              <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 320 }} />}>
                <UsMap points={points} selectedId={selectedId} onSelect={setSelectedId} label="Map of the latest positions" testId="gps-map" />
              </Suspense>
              {selectedId && (
                <Flex justify="end" style={{ marginTop: 8 }}>
                  <Button size="small" type="link" onClick={() => setSelectedId(undefined)}>
                    Show all
                  </Button>
                </Flex>
              )}
            </Col>
          </Row>
        </Card>
        <IntegrationCard />
      </Flex>
    </div>
  );
}
