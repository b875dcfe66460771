/**
 * `npm run bench:stops`: issue 42's goal for saving a load of 20 stops (median at most 100 ms), on a fresh system, one
 * request at a time: a new load of 20 stops (each stop's place looked up offline from its ZIP code or its city), the
 * same load edited with its 20 stops given again (ids kept, appointments moved), and beside them a load made the
 * spec's way (two stops from its pickup and delivery fields). Prints the figures; asserts nothing.
 *   BENCH_SECONDS   how long each scenario runs (default 10)
 */
import { startIsolatedSystem } from '../scripts/system.mjs';
import { measure, signIn } from './support.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const STOPS = 20;
// Places along I-80 and I-90, half with a street address and ZIP code, half a city alone.
const PLACES = [
  ['Joliet, IL', '60436'], ['Ottawa, IL', null], ['Davenport, IA', '52802'], ['Iowa City, IA', null], ['Des Moines, IA', '50309'],
  ['Omaha, NE', null], ['Lincoln, NE', '68508'], ['Kearney, NE', null], ['North Platte, NE', '69101'], ['Cheyenne, WY', null],
  ['Laramie, WY', '82070'], ['Rock Springs, WY', null], ['Ogden, UT', '84401'], ['Elko, NV', null], ['Reno, NV', '89501'],
  ['Sacramento, CA', null], ['Toledo, OH', '43604'], ['Cleveland, OH', null], ['Erie, PA', '16501'], ['Buffalo, NY', null],
];

const system = await startIsolatedSystem({ label: 'benchstops' });
try {
  const cookie = await signIn(system.url, 'bench@example.com');
  const origin = new URL(system.url).origin;
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const api = async (method, path, body) => {
    const response = await fetch(`${system.url}${path}`, { method, headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  const customer = await api('POST', '/api/customers', { name: 'Bench Stops', email: 'ap@stops.example', phone: '555-0100', address: '2 Dock Rd, Joliet, IL', type: 'shipper' });
  let n = 0;
  /** A load's fields; with `stops`, its stops (each moved by `shift` hours). */
  const load = (stops, shift = 0) => ({
    loadNumber: `LD-STOPS-${++n}`, customerId: customer.id, status: 'pending', pickupLocation: 'Joliet, IL', pickupDate: '2027-03-01',
    deliveryLocation: 'Buffalo, NY', deliveryDate: '2027-03-06', rate: '8450.00',
    ...(stops && { stops: stops(shift) }),
  });
  const twentyStops = (shift, ids = []) =>
    PLACES.slice(0, STOPS).map(([location, zip], index) => {
      const start = Date.UTC(2027, 2, 1, 8 + index * 6 + shift);
      return {
        ...(ids[index] && { id: ids[index] }),
        type: index === 0 ? 'pickup' : index === STOPS - 1 ? 'delivery' : index % 3 ? 'delivery' : 'pickup',
        location, ...(zip && { address: `${100 + index} Main St, ${location} ${zip}` }), facility: `Dock ${index + 1}`, reference: `PO ${4400 + index}`,
        appointmentStart: new Date(start).toISOString(), appointmentEnd: new Date(start + 2 * 3_600_000).toISOString(),
      };
    });
  const edited = await api('POST', '/api/loads', load((shift) => twentyStops(shift)));
  const ids = edited.stops.map(({ id }) => id);
  if (ids.length !== STOPS) throw new Error(`The load has ${ids.length} stops`);
  let shift = 0;

  console.log(`\nSaving a load: ${STOPS} stops, or the spec's two; one request at a time\n`);
  const one = { headers, connections: 1, seconds, warmupSeconds: 2 };
  await measure(`create, ${STOPS} stops (goal p50 <= 100 ms)`, { url: `${system.url}/api/loads`, method: 'POST', body: () => JSON.stringify(load((s) => twentyStops(s))), ...one });
  await measure(`edit, ${STOPS} stops (goal p50 <= 100 ms)`, {
    url: `${system.url}/api/loads/${edited.id}`, method: 'PATCH', body: () => JSON.stringify({ stops: twentyStops((shift = (shift + 1) % 5), ids) }), ...one,
  });
  await measure("create, the spec's two stops", { url: `${system.url}/api/loads`, method: 'POST', body: () => JSON.stringify(load()), ...one });
} finally {
  await system.stop();
}
