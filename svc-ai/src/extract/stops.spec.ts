import { readFileSync } from 'node:fs';
import { readStops } from './stops.js';

const sample = (name: string) => readFileSync(new URL(`../../test/documents/${name}`, import.meta.url), 'utf8');

describe('the stops of a multi-stop document (issue 49 point 4)', () => {
  it("reads a rate confirmation's numbered stop sections: facility, address, appointment and reference", () => {
    expect(readStops(sample('multistop-ratecon.txt'))).toEqual([
      { type: 'pickup', facility: 'Delta Steel Works', location: 'Gary, IN', address: '8625 Enterprise Cir, Gary, IN 46402', appointmentStart: '2026-11-02T07:00', reference: '557120' },
      { type: 'pickup', facility: 'Midway Appliance Depot', location: 'Toledo, OH', address: '410 Gateway Ave, Toledo, OH 43604', appointmentStart: '2026-11-02T15:00' },
      { type: 'delivery', facility: 'Acme Foods DC', location: 'Columbus, OH', address: '7879 Distribution Way, Columbus, OH 43215', appointmentStart: '2026-11-03T09:00' },
      { type: 'delivery', facility: 'Riverbend Packaging', location: 'Pittsburgh, PA', address: '9545 Warehouse Rd, Pittsburgh, PA 15222', appointmentStart: '2026-11-04T08:00' },
    ]);
  });

  it("reads 'PICKUP 1' / 'DROP 2 (FINAL)' sections with appointment windows", () => {
    expect(readStops(sample('multistop-ratecon-windows.txt'))).toEqual([
      { type: 'pickup', facility: 'Sunbelt Produce Co-op', location: 'Phoenix, AZ', address: '1900 S 7th St, Phoenix, AZ 85034', appointmentStart: '2027-03-09T06:00', appointmentEnd: '2027-03-09T09:00', reference: 'SB-55102' },
      { type: 'pickup', facility: 'Valley Greens Packing', location: 'Yuma, AZ', address: '77 Industrial Pkwy, Yuma, AZ 85365', appointmentStart: '2027-03-09T14:00', appointmentEnd: '2027-03-09T16:00', reference: 'VG-2231' },
      { type: 'delivery', facility: 'Fresh Market DC West', location: 'Ontario, CA', address: '4400 Harbor Blvd, Ontario, CA 91761', appointmentStart: '2027-03-10T05:30', reference: 'FM-77810' },
      { type: 'delivery', facility: 'Coastal Grocers Warehouse', location: 'San Diego, CA', address: '12 Dock Rd, San Diego, CA 92113', appointmentStart: '2027-03-10T13:00', appointmentEnd: '2027-03-10T15:00', reference: 'CG-40918' },
    ]);
  });

  it("reads an X12 204's S5 stops as data: G62 times, N1 facility, N3/N4 address, L11 reference", () => {
    expect(readStops(sample('edi-204-multistop.txt'))).toEqual([
      { type: 'pickup', facility: 'Heartland Mills', location: 'Lincoln, NE', address: '15 Elevator Rd, Lincoln, NE 68508', appointmentStart: '2027-04-14T07:00', appointmentEnd: '2027-04-14T09:00', reference: 'PU-9001' },
      { type: 'pickup', facility: 'Platte Valley Flour', location: 'Grand Island, NE', address: '8 River St, Grand Island, NE 68801', appointmentStart: '2027-04-14T13:00', reference: 'PU-9002' },
      { type: 'delivery', facility: 'Metro Bakery Supply', location: 'Chicago, IL', address: '2100 N Kedzie Ave, Chicago, IL 60647', appointmentStart: '2027-04-15T06:00', appointmentEnd: '2027-04-15T10:00', reference: 'DL-4410' },
      { type: 'delivery', facility: 'Lakeside Foods', location: 'Gary, IN', address: '90 Port Rd, Gary, IN 46402', appointmentStart: '2027-04-16T08:00', reference: 'DL-4411' },
    ]);
    // The two-stop 204 in the other samples: its stops too, with their dates.
    expect(readStops(sample('edi-204.txt'))?.map(({ type, location, appointmentStart }) => ({ type, location, appointmentStart }))).toEqual([
      { type: 'pickup', location: 'Gary, IN', appointmentStart: '2026-11-06T08:00' },
      { type: 'delivery', location: 'Atlanta, GA', appointmentStart: '2026-11-08T14:00' },
    ]);
  });

  it('answers no stops for a document that has none listed, so the form keeps the spec\'s two', () => {
    for (const name of ['bol-vics.txt', 'tabular-ratecon.txt', 'heldout-plain-letter.txt', 'layouts/held-out/harbor-ratecon-1.txt', 'tender-email-driver-instructions.txt']) {
      expect([name, readStops(sample(name))]).toEqual([name, undefined]);
    }
  });
});
