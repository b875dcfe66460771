import 'reflect-metadata';
import type { GpsEnvelope } from '@tms/contracts';
import { openDatabase } from '@tms/service-kit';
import { createTestDatabase, type TestDatabase } from '@tms/service-kit/testing';
import { DataSource } from 'typeorm';
import { TELEMATICS_DATABASE } from '../src/app.module.js';
import { IftaTotals } from '../src/ifta/ifta-totals.js';
import { PositionsWriter } from '../src/positions/positions.writer.js';

/**
 * The IFTA totals the writer keeps as batches arrive, whatever their order, against the totals built afresh from the
 * stored positions (IftaTotals.rebuild): a batch delivered again, another replica's batch in between, and late
 * positions must all leave the same miles per day and state, and the same gaps.
 */
let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase();
  dataSource = await openDatabase(
    new DataSource({ type: 'postgres', url: database.url, schema: 'telematics', ...TELEMATICS_DATABASE, migrationsTableName: 'migrations', migrationsTransactionMode: 'each' }),
  );
}, 60_000);

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
}, 60_000);

/** A replica of svc-telematics' writer, with its own memory of each truck's last position. */
const replica = () => new PositionsWriter(dataSource, new IftaTotals(dataSource));

const B = -103.06507523165232; // the New Mexico-Texas line along 32.5°N
const start = Date.parse('2026-03-10T15:00:00Z');
/**
 * Truck positions on a drive east across the NM-TX line every 10 minutes (about 55 mph), with a stop of 3 hours
 * (a 'no-positions' gap) after the 6th and a jump of 2° north (an 'impossible-speed' gap) after the 10th.
 */
const route = (truckId: string) =>
  Array.from({ length: 14 }, (_, i) => ({
    truckId,
    driverId: null,
    loadId: null,
    latitude: i >= 10 ? 34.5 : 32.5,
    longitude: Number((B - 0.6 + i * 0.15).toFixed(7)),
    speed: 55,
    heading: 90,
    accuracy: 5,
    timestamp: new Date(start + i * 600_000 + (i >= 6 ? 3 * 3_600_000 : 0)).toISOString(),
  }));
const envelope = (positions: GpsEnvelope['positions']): GpsEnvelope => ({ deviceId: '11111111-0000-4000-8000-000000000001', receivedAt: new Date().toISOString(), positions });

async function totalsOf(truckId: string) {
  const days = await database.query(`SELECT day::text, jurisdiction, millimeters::text FROM telematics.ifta_truck_days WHERE truck_id = $1 AND millimeters <> 0 ORDER BY 1, 2`, [truckId]);
  const gaps = await database.query(
    `SELECT starts_at::text, ends_at::text, millimeters::text, reason FROM telematics.ifta_gaps WHERE truck_id = $1 ORDER BY ends_at`,
    [truckId],
  );
  return { days, gaps };
}

/** The truck's totals as kept, then as built afresh from its stored positions: the two must be equal. */
async function keptAndRebuilt(truckId: string) {
  const kept = await totalsOf(truckId);
  await new IftaTotals(dataSource).rebuild(truckId);
  return { kept, rebuilt: await totalsOf(truckId) };
}

it('keeps miles per state and gaps of a drive written in order, unchanged by a batch delivered again', async () => {
  const truckId = '00000000-0000-4000-8000-000000000001';
  const positions = route(truckId);
  const writer = replica();
  await writer.write([envelope(positions.slice(0, 5))]);
  // Positions 3 and 4 again, among new ones.
  await writer.write([envelope(positions.slice(3, 9))]);
  await writer.write([envelope(positions.slice(9))]);
  const once = await totalsOf(truckId);
  await writer.write([envelope(positions.slice(5))]);
  await replica().write([envelope(positions.slice(0, 8))]);
  expect(await totalsOf(truckId)).toEqual(once);
  expect(once.days.map((row) => row.jurisdiction)).toEqual(['NM', 'TX']);
  expect(once.gaps.map((row) => row.reason)).toEqual(['no-positions', 'impossible-speed']);
  const { kept, rebuilt } = await keptAndRebuilt(truckId);
  expect(kept).toEqual(rebuilt);
}, 30_000);

it("counts each segment once when another replica wrote the truck's batch in between", async () => {
  const truckId = '00000000-0000-4000-8000-000000000002';
  const positions = route(truckId);
  const [one, two] = [replica(), replica()];
  await one.write([envelope(positions.slice(0, 4))]);
  await two.write([envelope(positions.slice(4, 7))]);
  // `one` remembers position 3 as the truck's last; the truck's latest is now position 6.
  await one.write([envelope(positions.slice(7, 11))]);
  await two.write([envelope(positions.slice(11))]);
  const { kept, rebuilt } = await keptAndRebuilt(truckId);
  expect(kept.days.length).toBeGreaterThan(0);
  expect(kept).toEqual(rebuilt);
}, 30_000);

it('corrects the days and gaps when late positions arrive, alone or among new ones', async () => {
  const truckId = '00000000-0000-4000-8000-000000000003';
  const positions = route(truckId);
  const writer = replica();
  const late = [2, 6, 9];
  await writer.write([envelope(positions.filter((_, i) => !late.includes(i) && i < 12))]);
  await writer.write([envelope([positions[2]])]);
  await writer.write([envelope([positions[9], positions[12], positions[13]])]);
  await replica().write([envelope([positions[6]])]);
  const { kept, rebuilt } = await keptAndRebuilt(truckId);
  expect(kept.gaps).toHaveLength(2);
  expect(kept).toEqual(rebuilt);
}, 30_000);
