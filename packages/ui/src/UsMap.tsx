import { geoAlbersUsa, geoPath } from 'd3-geo';
import { useEffect, useMemo, useState } from 'react';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** us-atlas's pre-projected states are drawn for this projection, in a 975 × 610 frame. */
const WIDTH = 975;
const HEIGHT = 610;
const projection = geoAlbersUsa().scale(1300).translate([487.5, 305]);
const path = geoPath();
const ZOOM = 4;

/**
 * The map's colours are the theme's (antd's CSS variables, as SVG styles: attributes cannot read variables), so in
 * the dark theme the land is the card's dark grey on a dark blue sea rather than a bright white page.
 */
const COLORS = {
  water: { fill: 'var(--ant-blue-1)' },
  land: { fill: 'var(--ant-color-bg-container)', stroke: 'var(--ant-color-text-quaternary)' },
  borders: { fill: 'none', stroke: 'var(--ant-color-border)' },
  point: { fill: 'var(--ant-color-primary)', stroke: 'var(--ant-color-bg-container)' },
  selectedPoint: { fill: 'var(--ant-orange-6)', stroke: 'var(--ant-color-bg-container)' },
  track: { fill: 'none', stroke: 'var(--ant-orange-6)' },
  route: { fill: 'none', stroke: 'var(--ant-color-primary)' },
} as const;

export interface MapPoint {
  id: string;
  latitude: number;
  longitude: number;
  /** Shown when the point is hovered. */
  label: string;
  /** Drawn as the selected point is (the truck among stops). */
  highlighted?: boolean;
}

export interface UsMapProps {
  points: MapPoint[];
  /** Lines through positions in order (a truck's track), each drawn under the points. */
  track?: { latitude: number; longitude: number }[];
  /** Join the points in order (a load's stops). */
  joined?: boolean;
  /** Frame the points and the track (a load's stops and its truck) rather than the whole country. */
  fit?: boolean;
  /** The point centred and zoomed in on. */
  selectedId?: string;
  onSelect?: (id: string) => void;
  /** Names the map for screen readers and tests: `${testId}` and `${testId}-point`. */
  label: string;
  testId: string;
}

/** Places as drawn in the frame (those outside the lower 48, Alaska and Hawaii left out). */
const projected = (positions: readonly { latitude: number; longitude: number }[]) =>
  positions.map(({ latitude, longitude }) => projection([longitude, latitude])).filter((at): at is [number, number] => !!at);

/**
 * The frame around places: their bounds with a margin, in the map's proportions, never closer than MAX_FIT_ZOOM
 * (two stops in one town are still shown among their neighbours) nor wider than the whole map.
 */
const MAX_FIT_ZOOM = 12;
function frame(places: [number, number][]): { viewBox: string; zoom: number } | undefined {
  if (!places.length) return undefined;
  const xs = places.map(([x]) => x);
  const ys = places.map(([, y]) => y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const zoom = Math.max(1, Math.min(MAX_FIT_ZOOM, WIDTH / ((right - left) * 1.4 || 1), HEIGHT / ((bottom - top) * 1.4 || 1)));
  const [width, height] = [WIDTH / zoom, HEIGHT / zoom];
  return { viewBox: `${(left + right) / 2 - width / 2} ${(top + bottom) / 2 - height / 2} ${width} ${height}`, zoom };
}

/**
 * Points on US state outlines shipped with the app (us-atlas): it needs no internet (GPS Tracking's latest positions,
 * a load's stops and its truck's track). The selected point is centred and zoomed in; places outside the lower 48,
 * Alaska and Hawaii are not drawn.
 */
export function UsMap({ points, track, joined, fit, selectedId, onSelect, label, testId }: UsMapProps) {
  const [atlas, setAtlas] = useState<Topology>();
  useEffect(() => {
    let current = true;
    // The JSON's own types read its 'type' as any text: it is a Topology.
    void import('us-atlas/states-albers-10m.json').then((module) => current && setAtlas(module.default as unknown as Topology));
    return () => {
      current = false;
    };
  }, []);
  const shapes = useMemo(() => {
    if (!atlas) return undefined;
    const states = atlas.objects.states as GeometryCollection;
    return { land: path(feature(atlas, states)) ?? '', borders: path(mesh(atlas, states, (a, b) => a !== b)) ?? '' };
  }, [atlas]);
  const placed = useMemo(() => points.map((point) => ({ ...point, at: projection([point.longitude, point.latitude]) })).filter((point) => point.at), [points]);
  const line = (positions: { latitude: number; longitude: number }[]) =>
    projected(positions)
      .map(([x, y], index) => `${index ? 'L' : 'M'}${x},${y}`)
      .join(' ');
  const selected = placed.find((point) => point.id === selectedId);
  const framed = useMemo(() => (fit ? frame([...placed.map((point) => point.at!), ...projected(track ?? [])]) : undefined), [fit, placed, track]);
  const zoom = selected?.at ? ZOOM : (framed?.zoom ?? 1);
  const viewBox = selected?.at
    ? `${selected.at[0] - WIDTH / ZOOM / 2} ${selected.at[1] - HEIGHT / ZOOM / 2} ${WIDTH / ZOOM} ${HEIGHT / ZOOM}`
    : (framed?.viewBox ?? `0 0 ${WIDTH} ${HEIGHT}`);
  const radius = zoom > 1 ? 6 / zoom + 1 : 6;
  return (
    <svg viewBox={viewBox} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height: 'auto', display: 'block', transition: 'all .3s' }}>
      <rect x={-WIDTH} y={-HEIGHT} width={WIDTH * 3} height={HEIGHT * 3} style={COLORS.water} />
      {shapes && <path d={shapes.land} style={COLORS.land} strokeWidth={zoom > 1 ? 0.3 : 0.8} />}
      {shapes && <path d={shapes.borders} style={COLORS.borders} strokeWidth={zoom > 1 ? 0.2 : 0.5} />}
      {joined && placed.length > 1 && <path d={line(placed)} style={COLORS.route} strokeWidth={radius / 2} strokeDasharray={`${radius} ${radius / 2}`} />}
      {track && track.length > 1 && <path d={line(track)} style={COLORS.track} strokeWidth={radius / 2} data-testid={`${testId}-track`} />}
      {placed.map((point) => {
        const big = point.id === selectedId || point.highlighted;
        return (
          <circle
            key={point.id}
            cx={point.at![0]}
            cy={point.at![1]}
            r={big ? radius * 1.6 : radius}
            style={{ ...(big ? COLORS.selectedPoint : COLORS.point), cursor: onSelect ? 'pointer' : undefined }}
            strokeWidth={radius / 3}
            data-testid={`${testId}-point`}
            data-selected={point.id === selectedId ? 'true' : undefined}
            onClick={onSelect && (() => onSelect(point.id))}
          >
            <title>{point.label}</title>
          </circle>
        );
      })}
    </svg>
  );
}
