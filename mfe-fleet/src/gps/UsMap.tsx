import type { GpsLocation } from '@tms/contracts';
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
  point: { fill: 'var(--ant-color-primary)', stroke: 'var(--ant-color-bg-container)', cursor: 'pointer' },
  selectedPoint: { fill: 'var(--ant-orange-6)', stroke: 'var(--ant-color-bg-container)', cursor: 'pointer' },
} as const;

export interface MapPoint {
  location: GpsLocation;
  label: string;
}

/**
 * The latest positions on US state outlines shipped with the app (us-atlas): it needs no internet. The selected
 * entry is centred and zoomed in; positions outside the lower 48, Alaska and Hawaii are not drawn.
 */
export function UsMap({ points, selectedId, onSelect }: { points: MapPoint[]; selectedId?: string; onSelect: (id: string) => void }) {
  const [atlas, setAtlas] = useState<Topology>();
  useEffect(() => {
    let current = true;
    void import('us-atlas/states-albers-10m.json').then((module) => current && setAtlas(module.default));
    return () => {
      current = false;
    };
  }, []);
  const shapes = useMemo(() => {
    if (!atlas) return undefined;
    const states = atlas.objects.states as GeometryCollection;
    return { land: path(feature(atlas, states)) ?? '', borders: path(mesh(atlas, states, (a, b) => a !== b)) ?? '' };
  }, [atlas]);
  const placed = useMemo(
    () => points.map((point) => ({ ...point, at: projection([point.location.longitude, point.location.latitude]) })).filter((point) => point.at),
    [points],
  );
  const selected = placed.find((point) => point.location.id === selectedId);
  const viewBox = selected?.at
    ? `${selected.at[0] - WIDTH / ZOOM / 2} ${selected.at[1] - HEIGHT / ZOOM / 2} ${WIDTH / ZOOM} ${HEIGHT / ZOOM}`
    : `0 0 ${WIDTH} ${HEIGHT}`;
  const radius = selected ? 6 / ZOOM + 1 : 6;
  return (
    <svg viewBox={viewBox} role="img" aria-label="Map of the latest positions" data-testid="gps-map" style={{ width: '100%', height: 'auto', display: 'block', transition: 'all .3s' }}>
      <rect x={-WIDTH} y={-HEIGHT} width={WIDTH * 3} height={HEIGHT * 3} style={COLORS.water} />
      {shapes && <path d={shapes.land} style={COLORS.land} strokeWidth={selected ? 0.3 : 0.8} />}
      {shapes && <path d={shapes.borders} style={COLORS.borders} strokeWidth={selected ? 0.2 : 0.5} />}
      {placed.map(({ location, label, at }) => (
        <circle
          key={location.id}
          cx={at![0]}
          cy={at![1]}
          r={location.id === selectedId ? radius * 1.6 : radius}
          style={location.id === selectedId ? COLORS.selectedPoint : COLORS.point}
          strokeWidth={radius / 3}
          data-testid="gps-map-point"
          data-selected={location.id === selectedId ? 'true' : undefined}
          onClick={() => onSelect(location.id)}
        >
          <title>{label}</title>
        </circle>
      ))}
    </svg>
  );
}
