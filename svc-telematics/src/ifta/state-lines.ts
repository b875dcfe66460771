import { createRequire } from 'node:module';
import { IFTA_WATER_MILES, METERS_PER_MILE, OTHER_JURISDICTION, US_STATE_CODES_BY_FIPS, type IftaJurisdiction } from '@tms/contracts';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The mean Earth radius (IUGG), in meters: the sphere great-circle distances are measured on. */
export const EARTH_RADIUS_M = 6_371_008.8;
/**
 * A segment follows the great circle between its positions; to meet the state lines it is cut into sub-arcs of at
 * most this length, each met against the lines as a straight line in longitude and latitude. State lines are drawn in
 * longitude and latitude (a border along a parallel is a parallel, not a great circle), and over 5 km the chord and
 * the arc part by under 0.2 m at US latitudes, so the crossing found is where the truck crossed, to the meter.
 */
const SUB_ARC_M = 5000;
/** The grid the state lines are filed in, in degrees: a cell without a line lies wholly in one state (or none). */
const CELL = 0.25;

export interface LonLat {
  longitude: number;
  latitude: number;
}

/** A piece of a segment and where it was driven. */
export interface Piece {
  jurisdiction: IftaJurisdiction;
  meters: number;
}

interface Edge {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  state: number;
}

interface State {
  code: IftaJurisdiction;
  /** Rings as flat [lon, lat, lon, lat, ...]: outer rings and holes alike (even-odd rule). */
  rings: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const RADIANS = Math.PI / 180;

/** The great-circle distance in meters (haversine, stable for short distances). */
export function greatCircleMeters(a: LonLat, b: LonLat): number {
  const dLat = (b.latitude - a.latitude) * RADIANS;
  const dLon = (b.longitude - a.longitude) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * RADIANS) * Math.cos(b.latitude * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `fraction` of the way from a to b along their great circle. */
export function alongGreatCircle(a: LonLat, b: LonLat, fraction: number): LonLat {
  const [φ1, λ1, φ2, λ2] = [a.latitude * RADIANS, a.longitude * RADIANS, b.latitude * RADIANS, b.longitude * RADIANS];
  const ax = Math.cos(φ1) * Math.cos(λ1), ay = Math.cos(φ1) * Math.sin(λ1), az = Math.sin(φ1);
  const bx = Math.cos(φ2) * Math.cos(λ2), by = Math.cos(φ2) * Math.sin(λ2), bz = Math.sin(φ2);
  const angle = Math.acos(Math.min(1, Math.max(-1, ax * bx + ay * by + az * bz)));
  if (angle < 1e-12) return { longitude: a.longitude + (b.longitude - a.longitude) * fraction, latitude: a.latitude + (b.latitude - a.latitude) * fraction };
  const wa = Math.sin((1 - fraction) * angle) / Math.sin(angle);
  const wb = Math.sin(fraction * angle) / Math.sin(angle);
  const [x, y, z] = [wa * ax + wb * bx, wa * ay + wb * by, wa * az + wb * bz];
  return { latitude: Math.atan2(z, Math.hypot(x, y)) / RADIANS, longitude: Math.atan2(y, x) / RADIANS };
}

const cellOf = (degrees: number, offset: number) => Math.floor((degrees + offset) / CELL);
const cellKey = (ix: number, iy: number) => ix * 1000 + iy;

/**
 * The US state lines of us-atlas (states-10m, read offline), filed in a grid: which state a point is in, and where a
 * segment crosses from one state into another.
 */
export class StateLines {
  private readonly states: State[] = [];
  private readonly edges = new Map<number, Edge[]>();
  /** Every edge by the grid rows its latitudes span: a ray cast along a row meets no other. */
  private readonly rows = new Map<number, Edge[]>();
  /** The state (index, or -1 for none) of each grid cell that no line crosses, found once. */
  private readonly wholeCells = new Map<number, number>();

  constructor(topology: Topology) {
    const collection = feature(topology, topology.objects.states as GeometryCollection);
    for (const state of collection.features) {
      const code = US_STATE_CODES_BY_FIPS[String(state.id) as keyof typeof US_STATE_CODES_BY_FIPS];
      if (!code || !state.geometry) continue;
      const geometry = state.geometry as { type: string; coordinates: unknown };
      const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as number[][][][];
      const rings = polygons.flat().map((ring) => Float64Array.from(ring.flat()));
      const xs = rings.flatMap((ring) => [...ring.filter((_, i) => i % 2 === 0)]);
      const ys = rings.flatMap((ring) => [...ring.filter((_, i) => i % 2 === 1)]);
      const index = this.states.push({ code, rings, minX: Math.min(...xs), minY: Math.min(...ys), maxX: Math.max(...xs), maxY: Math.max(...ys) }) - 1;
      for (const ring of rings) {
        for (let i = 0; i + 3 < ring.length; i += 2) this.file({ x1: ring[i], y1: ring[i + 1], x2: ring[i + 2], y2: ring[i + 3], state: index });
      }
    }
  }

  /** The state lines from the us-atlas package. */
  static load(): StateLines {
    const require = createRequire(import.meta.url);
    return new StateLines(require('us-atlas/states-10m.json') as Topology);
  }

  /**
   * The jurisdiction a point is in: its state; over water outside every state (a bay, a lake, a river crossing), the
   * nearest state within IFTA_WATER_MILES; else OTHER.
   */
  jurisdictionAt(point: LonLat): IftaJurisdiction {
    const index = this.stateIndexAt(point.longitude, point.latitude);
    if (index >= 0) return this.states[index].code;
    const nearest = this.nearestStateWithin(point, IFTA_WATER_MILES * METERS_PER_MILE);
    return nearest < 0 ? OTHER_JURISDICTION : this.states[nearest].code;
  }

  /**
   * The state whose line passes nearest the point, if within `meters` (-1 if none): every line in the grid cells that
   * distance reaches, measured in a plane tangent at the point (under 0.1% off over 20 miles).
   */
  private nearestStateWithin(point: LonLat, meters: number): number {
    const metersPerDegree = EARTH_RADIUS_M * RADIANS;
    const across = Math.cos(point.latitude * RADIANS) * metersPerDegree;
    const [dx, dy] = [meters / across, meters / metersPerDegree];
    let best = { state: -1, meters };
    const seen = new Set<Edge>();
    for (let ix = cellOf(point.longitude - dx, 180); ix <= cellOf(point.longitude + dx, 180); ix++) {
      for (let iy = cellOf(point.latitude - dy, 90); iy <= cellOf(point.latitude + dy, 90); iy++) {
        for (const edge of this.edges.get(cellKey(ix, iy)) ?? []) {
          if (seen.has(edge)) continue;
          seen.add(edge);
          const [x1, y1] = [(edge.x1 - point.longitude) * across, (edge.y1 - point.latitude) * metersPerDegree];
          const [x2, y2] = [(edge.x2 - point.longitude) * across, (edge.y2 - point.latitude) * metersPerDegree];
          const distance = distanceToOrigin(x1, y1, x2, y2);
          if (distance <= best.meters) best = { state: edge.state, meters: distance };
        }
      }
    }
    return best.state;
  }

  /**
   * A segment of `meters` along the great circle from a to b, split wherever it crosses a state line, each piece
   * given to the state that holds its middle (a piece along a line, or through a sliver, goes where it is).
   */
  pieces(a: LonLat, b: LonLat, meters = greatCircleMeters(a, b)): Piece[] {
    // Most segments (30 s of driving) stay in one cell that no line crosses: the cell's state, at once.
    const ix = cellOf(a.longitude, 180);
    const iy = cellOf(a.latitude, 90);
    if (ix === cellOf(b.longitude, 180) && iy === cellOf(b.latitude, 90) && !this.edges.has(cellKey(ix, iy))) {
      return [{ jurisdiction: this.jurisdictionAt(a), meters }];
    }
    const arcs = Math.max(1, Math.ceil(meters / SUB_ARC_M));
    const fractions: number[] = [];
    let start = a;
    for (let arc = 0; arc < arcs; arc++) {
      const end = arc + 1 === arcs ? b : alongGreatCircle(a, b, (arc + 1) / arcs);
      for (const t of this.crossings(start, end)) fractions.push((arc + t) / arcs);
      start = end;
    }
    if (!fractions.length) return [{ jurisdiction: this.jurisdictionAt(a), meters }];
    fractions.sort((x, y) => x - y);
    const bounds = [0, ...fractions, 1];
    const byJurisdiction = new Map<IftaJurisdiction, number>();
    for (let i = 1; i < bounds.length; i++) {
      const length = bounds[i] - bounds[i - 1];
      if (length <= 0) continue;
      const jurisdiction = this.jurisdictionAt(alongGreatCircle(a, b, (bounds[i - 1] + bounds[i]) / 2));
      byJurisdiction.set(jurisdiction, (byJurisdiction.get(jurisdiction) ?? 0) + length * meters);
    }
    return [...byJurisdiction].map(([jurisdiction, part]) => ({ jurisdiction, meters: part }));
  }

  /** Where (0..1 along it) the straight line a→b in longitude and latitude crosses a state line. */
  private crossings(a: LonLat, b: LonLat): number[] {
    const found: number[] = [];
    const seen = new Set<Edge>();
    const [x1, y1, x2, y2] = [a.longitude, a.latitude, b.longitude, b.latitude];
    for (let ix = cellOf(Math.min(x1, x2), 180); ix <= cellOf(Math.max(x1, x2), 180); ix++) {
      for (let iy = cellOf(Math.min(y1, y2), 90); iy <= cellOf(Math.max(y1, y2), 90); iy++) {
        for (const edge of this.edges.get(cellKey(ix, iy)) ?? []) {
          if (seen.has(edge)) continue;
          seen.add(edge);
          const t = intersection(x1, y1, x2, y2, edge);
          if (t !== undefined) found.push(t);
        }
      }
    }
    return found;
  }

  private stateIndexAt(x: number, y: number): number {
    const key = cellKey(cellOf(x, 180), cellOf(y, 90));
    const edges = this.edges.get(key);
    if (!edges) {
      let index = this.wholeCells.get(key);
      if (index === undefined) {
        // No line crosses the cell: the whole cell is where its middle is.
        const [cx, cy] = [(cellOf(x, 180) + 0.5) * CELL - 180, (cellOf(y, 90) + 0.5) * CELL - 90];
        index = this.states.findIndex((state) => this.contains(state, cx, cy));
        this.wholeCells.set(key, index);
      }
      return index;
    }
    // Only the states whose lines cross the cell can hold a point of it.
    const candidates = new Set(edges.map((edge) => edge.state));
    for (const index of candidates) if (this.contains(this.states[index], x, y)) return index;
    return -1;
  }

  /** Even-odd ray casting over the state's edges (holes included) in the point's grid row. */
  private contains(state: State, x: number, y: number): boolean {
    if (x < state.minX || x > state.maxX || y < state.minY || y > state.maxY) return false;
    const index = this.states.indexOf(state);
    let inside = false;
    for (const { x1, y1, x2, y2, state: owner } of this.rows.get(cellOf(y, 90)) ?? []) {
      if (owner === index && y1 > y !== y2 > y && x < ((x2 - x1) * (y - y1)) / (y2 - y1) + x1) inside = !inside;
    }
    return inside;
  }

  private file(edge: Edge) {
    for (let iy = cellOf(Math.min(edge.y1, edge.y2), 90); iy <= cellOf(Math.max(edge.y1, edge.y2), 90); iy++) {
      const row = this.rows.get(iy);
      if (row) row.push(edge);
      else this.rows.set(iy, [edge]);
    }
    for (let ix = cellOf(Math.min(edge.x1, edge.x2), 180); ix <= cellOf(Math.max(edge.x1, edge.x2), 180); ix++) {
      for (let iy = cellOf(Math.min(edge.y1, edge.y2), 90); iy <= cellOf(Math.max(edge.y1, edge.y2), 90); iy++) {
        const key = cellKey(ix, iy);
        const cell = this.edges.get(key);
        if (cell) cell.push(edge);
        else this.edges.set(key, [edge]);
      }
    }
  }
}

/** The distance from (0, 0) to the segment (x1, y1)→(x2, y2), in the plane. */
function distanceToOrigin(x1: number, y1: number, x2: number, y2: number): number {
  const [dx, dy] = [x2 - x1, y2 - y1];
  const length = dx * dx + dy * dy;
  const t = length ? Math.min(1, Math.max(0, -(x1 * dx + y1 * dy) / length)) : 0;
  return Math.hypot(x1 + t * dx, y1 + t * dy);
}

/** Where (0..1 along p1→p2) the segments p1→p2 and the edge meet, or undefined when they do not (or run along). */
function intersection(x1: number, y1: number, x2: number, y2: number, { x1: x3, y1: y3, x2: x4, y2: y4 }: Edge): number | undefined {
  const denominator = (x2 - x1) * (y4 - y3) - (y2 - y1) * (x4 - x3);
  if (denominator === 0) return undefined;
  const t = ((x3 - x1) * (y4 - y3) - (y3 - y1) * (x4 - x3)) / denominator;
  const u = ((x3 - x1) * (y2 - y1) - (y3 - y1) * (x2 - x1)) / denominator;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : undefined;
}
