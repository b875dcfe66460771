import { useQuery } from '@tanstack/react-query';
import { appointmentText, lateText, STOP_STANDING_LABELS, STOP_TIME_SOURCE_LABELS, STOP_TYPE_LABELS, stopStanding, TRACK_MAX_DAYS, type Load, type LoadRead, type Stop, type StopStanding, type TrackQuery } from '@tms/contracts';
import { ColorBadge, type BadgeColor } from '@tms/ui';
import { Alert, Drawer, Flex, Skeleton, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { latestLocationsQuery, loadQuery, trackQuery } from './loads.api.js';
import { STOP_TEXTS } from './stop-form.js';

// The map and its state outlines load with the drawer, never with the Loads screen.
const UsMap = lazy(() => import('@tms/ui/us-map').then((module) => ({ default: module.UsMap })));

const TIME_FORMAT = 'MMM D, YYYY h:mm A';
const STANDING_COLORS: Record<StopStanding, BadgeColor> = { 'on-time': 'green', late: 'red', 'at-risk': 'orange', pending: 'gray' };
const DOT_COLORS: Record<StopStanding, string> = { 'on-time': 'green', late: 'red', 'at-risk': 'orange', pending: 'gray' };
const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The span of a load's track: from when it was given its truck to when it left its last stop (or now), at most
 * TRACK_MAX_DAYS; none for a load never under way with a truck.
 */
export function trackSpan(load: Pick<LoadRead, 'assignedTruckId' | 'assignedAt' | 'stops'>, now = Date.now()): TrackQuery | undefined {
  if (!load.assignedTruckId || !load.assignedAt) return undefined;
  const last = load.stops?.at(-1);
  const to = last?.departedAt ? Date.parse(last.departedAt) : now;
  const from = Math.max(Date.parse(load.assignedAt), to - TRACK_MAX_DAYS * 86_400_000);
  return from <= to ? { truckId: load.assignedTruckId, from: new Date(from).toISOString(), to: new Date(to).toISOString() } : undefined;
}

const when = (at: string | null) => (at ? dayjs(at).format(TIME_FORMAT) : STOP_TEXTS.notYet);

/** One stop on the timeline: where, its appointment, when the truck arrived and left (and who said so), how it stands. */
function StopEntry({ stop }: { stop: Stop }) {
  const { standing, lateMinutes } = stopStanding(stop);
  const source = (label: keyof typeof STOP_TIME_SOURCE_LABELS | null) => (label ? ` (${STOP_TIME_SOURCE_LABELS[label]})` : '');
  const gpsBeside = (at: string | null, gps: string | null) => (gps && gps !== at ? ` · ${STOP_TEXTS.gpsSaw} ${dayjs(gps).format(TIME_FORMAT)}` : '');
  return (
    <Flex vertical gap={2} data-testid="stop-timeline-entry">
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>
          {`Stop ${stop.sequence} · ${STOP_TYPE_LABELS[stop.type]} · ${stop.location}`}
        </Typography.Text>
        <ColorBadge color={STANDING_COLORS[standing]}>
          {standing === 'late' || standing === 'at-risk' ? `${STOP_STANDING_LABELS[standing]} ${lateText(lateMinutes)}` : STOP_STANDING_LABELS[standing]}
        </ColorBadge>
      </Flex>
      {(stop.facility || stop.reference) && <Typography.Text type="secondary">{[stop.facility, stop.reference].filter(Boolean).join(' · ')}</Typography.Text>}
      <Typography.Text>
        {STOP_TEXTS.appointment}: {appointmentText(stop, BROWSER_TIME_ZONE) || STOP_TEXTS.noAppointment}
      </Typography.Text>
      <Typography.Text>
        {STOP_TEXTS.arrived}: {when(stop.arrivedAt)}
        {source(stop.arrivedSource)}
        {gpsBeside(stop.arrivedAt, stop.gpsArrivedAt)}
      </Typography.Text>
      <Typography.Text>
        {STOP_TEXTS.departed}: {when(stop.departedAt)}
        {source(stop.departedSource)}
        {gpsBeside(stop.departedAt, stop.gpsDepartedAt)}
      </Typography.Text>
      {!stop.arrivedAt && stop.eta && (
        <Typography.Text type="secondary">
          {STOP_TEXTS.eta}: {dayjs(stop.eta).format(TIME_FORMAT)}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** A load's stops in order, each with its appointment, times and standing: the drawer's, and the workspace's. */
export function StopsTimeline({ stops }: { stops: Stop[] }) {
  return <Timeline items={stops.map((stop) => ({ key: stop.id, color: DOT_COLORS[stopStanding(stop).standing], content: <StopEntry stop={stop} /> }))} />;
}

/**
 * The Loads row menu's 'Stops' (issue 42): a timeline of the load's stops (appointment, arrival, departure, on time or
 * late) and a small map of them with its truck's track and where the truck is now, in the map GPS Tracking draws.
 */
export function StopsDrawer({ load, onClose }: { load: Load | null; onClose: () => void }) {
  const full = useQuery({ ...loadQuery(load?.id ?? ''), enabled: load !== null });
  const latest = useQuery({ ...latestLocationsQuery, enabled: !!load?.assignedTruckId });
  const span = useMemo(() => (full.data ? trackSpan(full.data) : undefined), [full.data]);
  const track = useQuery({ ...trackQuery(span ?? { truckId: '', from: '', to: '' }), enabled: span !== undefined });
  const stops = full.data?.stops ?? [];
  const truck = load?.assignedTruckId ? latest.data?.find((location) => location.truckId === load.assignedTruckId) : undefined;
  const points = useMemo(
    () => [
      ...stops
        .filter((stop) => stop.latitude !== null && stop.longitude !== null)
        .map((stop) => ({ id: stop.id, latitude: stop.latitude!, longitude: stop.longitude!, label: `Stop ${stop.sequence}: ${stop.location}` })),
      ...(truck ? [{ id: 'truck', latitude: truck.latitude, longitude: truck.longitude, label: 'Truck', highlighted: true }] : []),
    ],
    [stops, truck],
  );
  return (
    <Drawer open={load !== null} onClose={onClose} title={load ? STOP_TEXTS.drawerTitle(load.loadNumber) : ''} size={560} destroyOnHidden data-testid="stops-drawer">
      {full.isError ? (
        <Alert type="error" showIcon title={full.error.message} />
      ) : !full.data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <Flex vertical gap={16}>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
            <UsMap points={points} track={track.data?.points} joined fit label={STOP_TEXTS.mapLabel} testId="stops-map" />
          </Suspense>
          <StopsTimeline stops={stops} />
        </Flex>
      )}
    </Drawer>
  );
}
