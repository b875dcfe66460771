import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Customer, ExtractLoadResult, Load } from '@tms/contracts';
import { httpRequest } from './support/http-request.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * Issue 49 point 4 through the whole built system: POST /api/extract-load answers the stops a multi-stop document
 * lists (a rate confirmation's stop sections, an X12 204's S5 loops), each with its appointment and reference, and
 * the spec's pickup and delivery fields from the first and last of them; a load saved with them keeps them all.
 */
let system: RunningSystem;
let cookie: string;
const OWN = path.resolve('svc-ai/test/documents');
const run = Date.now().toString(36).toUpperCase();

const request = (method: string, url: string, body?: unknown) => httpRequest(system.url, cookie, method, url, body);
const extract = async (name: string) => {
  const text = readFileSync(path.join(OWN, name));
  const answer = await request('POST', '/api/extract-load', { fileType: 'text/plain', fileData: `data:text/plain;base64,${text.toString('base64')}` });
  expect(answer.status).toBe(200);
  return answer.json as ExtractLoadResult;
};

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'extract-stops@example.com');
}, 120_000);

describe('POST /api/extract-load on a multi-stop document', () => {
  it("answers a rate confirmation's two pickups and two drops, and the spec's fields from the first and the last", async () => {
    const result = await extract('multistop-ratecon-windows.txt');
    expect(result.stops?.map(({ type, location, appointmentStart, appointmentEnd, reference }) => [type, location, appointmentStart, appointmentEnd, reference])).toEqual([
      ['pickup', 'Phoenix, AZ', '2027-03-09T06:00', '2027-03-09T09:00', 'SB-55102'],
      ['pickup', 'Yuma, AZ', '2027-03-09T14:00', '2027-03-09T16:00', 'VG-2231'],
      ['delivery', 'Ontario, CA', '2027-03-10T05:30', undefined, 'FM-77810'],
      ['delivery', 'San Diego, CA', '2027-03-10T13:00', '2027-03-10T15:00', 'CG-40918'],
    ]);
    expect(result).toMatchObject({ loadNumber: 'CRL-88140', pickupLocation: 'Phoenix, AZ', pickupDate: '2027-03-09', deliveryLocation: 'San Diego, CA', deliveryDate: '2027-03-10', rate: '3450.00' });
    expect(result.confidence.deliveryLocation).toBeGreaterThanOrEqual(0.85);
  });

  it("answers an X12 204's S5 stops with their facilities, windows and references", async () => {
    const result = await extract('edi-204-multistop.txt');
    expect(result.stops?.map(({ type, facility, location, reference }) => [type, facility, location, reference])).toEqual([
      ['pickup', 'Heartland Mills', 'Lincoln, NE', 'PU-9001'],
      ['pickup', 'Platte Valley Flour', 'Grand Island, NE', 'PU-9002'],
      ['delivery', 'Metro Bakery Supply', 'Chicago, IL', 'DL-4410'],
      ['delivery', 'Lakeside Foods', 'Gary, IN', 'DL-4411'],
    ]);
    expect(result.stops?.[0]).toMatchObject({ appointmentStart: '2027-04-14T07:00', appointmentEnd: '2027-04-14T09:00', address: '15 Elevator Rd, Lincoln, NE 68508' });
    expect(result).toMatchObject({ loadNumber: 'PL-5510-M', pickupLocation: 'Lincoln, NE', pickupDate: '2027-04-14', deliveryLocation: 'Gary, IN', deliveryDate: '2027-04-16', weight: 26000, rate: '4125.00' });
  });

  it('answers no stops for a document that lists none', async () => {
    expect((await extract('bol-vics.txt')).stops).toBeUndefined();
  });

  it('gives stops a load takes as they are: saved, the load has all four in order', async () => {
    const result = await extract('edi-204-multistop.txt');
    const customer = (await request('POST', '/api/customers', { name: `Stops ${run}`, email: `stops-${run.toLowerCase()}@example.com`, phone: '555-0100', address: '1 Main St', type: 'shipper' })).json as Customer;
    // As the form sends them: each appointment in the user's time zone (here UTC).
    const stops = result.stops!.map(({ appointmentStart, appointmentEnd, ...stop }) => ({
      ...stop, appointmentStart: appointmentStart ? `${appointmentStart}:00Z` : null, appointmentEnd: appointmentEnd ? `${appointmentEnd}:00Z` : null,
    }));
    const saved = await request('POST', '/api/loads', {
      loadNumber: `${result.loadNumber}-${run}`, customerId: customer.id, status: 'pending', pickupLocation: result.pickupLocation, pickupDate: result.pickupDate,
      deliveryLocation: result.deliveryLocation, deliveryDate: result.deliveryDate, rate: result.rate, weight: result.weight, stops,
    });
    expect(saved.status).toBe(201);
    const load = (await request('GET', `/api/loads/${(saved.json as Load).id}`)).json as Load;
    expect(load.stops?.map(({ type, location, reference, appointmentStart }) => [type, location, reference, appointmentStart])).toEqual([
      ['pickup', 'Lincoln, NE', 'PU-9001', '2027-04-14T07:00:00.000Z'],
      ['pickup', 'Grand Island, NE', 'PU-9002', '2027-04-14T13:00:00.000Z'],
      ['delivery', 'Chicago, IL', 'DL-4410', '2027-04-15T06:00:00.000Z'],
      ['delivery', 'Gary, IN', 'DL-4411', '2027-04-16T08:00:00.000Z'],
    ]);
    await request('DELETE', `/api/loads/${load.id}`);
    await request('DELETE', `/api/customers/${customer.id}`);
  });
});
