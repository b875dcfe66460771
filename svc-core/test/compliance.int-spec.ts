import type { ComplianceItem } from '@tms/contracts';
import { startCoreService, type CoreService } from './support/core-service.js';

/**
 * Compliance at a glance, with records on both sides of every boundary. The company's time zone is set to one 14
 * hours ahead of UTC, so that for most of the day its "today" is not the server's: every date below is counted from
 * today there.
 */
const ZONE = 'Pacific/Kiritimati';
let core: CoreService;

/** YYYY-MM-DD, `days` from today in the company's time zone. */
function day(days: number, years = 0): string {
  const [year, month, date] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date()).split('-').map(Number);
  const shifted = new Date(Date.UTC(year + years, month - 1, date + days));
  return shifted.toISOString().slice(0, 10);
}

async function create(resource: string, payload: unknown): Promise<string> {
  const reply = await core.call(resource, 'create', payload);
  if (!reply.ok) throw new Error(`creating in ${resource} failed: ${JSON.stringify(reply)}`);
  return reply.data.id;
}

let serial = 0;
const truck = (status = 'available') => create('trucks', { truckNumber: `C-${++serial}`, type: 'Dry Van', status, licensePlate: `CMP-${serial}` });
const driver = (dates: { licenseExpiration?: string; medicalCardExpiration?: string } = {}) =>
  create('drivers', { name: `Casey Comply ${++serial}`, email: `casey${serial}@example.com`, phone: '555-0100', licenseNumber: `CDL-C${serial}`, status: 'on-duty', ...dates });
const inspect = (truckId: string, driverId: string, inspectionType: string, inspectionDate: string, status = 'Passed') =>
  create('inspections', { truckId, driverId, inspectionType, inspectionDate, status });
const service = (truckId: string, maintenanceType: string, serviceDate: string, nextServiceDate: string, status = 'Completed') =>
  create('maintenance', { truckId, maintenanceType, serviceDate, nextServiceDate, status, cost: '100.00', description: 'Routine' });
const violation = (driverId: string, dueDate: string, status = 'Pending') =>
  create('violations', { driverId, violationType: 'Speeding', violationDate: day(-20), location: 'I-55, Springfield, IL', description: '72 in a 55', status, dueDate });

let items: ComplianceItem[];
const about = (subjectId: string, kind?: string) => items.filter((item) => item.subjectId === subjectId && (!kind || item.kind === kind));
const ids: Record<string, string> = {};

beforeAll(async () => {
  process.env.COMPANY_TIME_ZONE = ZONE;
  core = await startCoreService();
  const inspector = await driver({ licenseExpiration: day(400), medicalCardExpiration: day(400) });
  ids.inspector = inspector;
  // Licences and medical cards: 30 days is listed, 31 is not; today is due, yesterday expired.
  ids.cdl30 = await driver({ licenseExpiration: day(30), medicalCardExpiration: day(31) });
  ids.cdlToday = await driver({ licenseExpiration: day(0) });
  ids.medicalPast = await driver({ licenseExpiration: day(200), medicalCardExpiration: day(-1) });
  // Periodic inspections: due a year after the latest passed Annual or DOT inspection.
  const fine = async (truckId: string) => inspect(truckId, inspector, 'Annual', day(-10));
  ids.due30 = await truck();
  await inspect(ids.due30, inspector, 'Annual', day(30, -1));
  ids.due31 = await truck();
  await inspect(ids.due31, inspector, 'DOT', day(31, -1));
  ids.yearAndDay = await truck();
  await inspect(ids.yearAndDay, inspector, 'Annual', day(-1, -1));
  ids.none = await truck();
  ids.failedOnly = await truck();
  await inspect(ids.failedOnly, inspector, 'Annual', day(-5), 'Failed');
  await inspect(ids.failedOnly, inspector, 'Pre-Trip', day(-4));
  ids.outOfService = await truck('out-of-service');
  // Services: 14 days is listed, 15 is not; a cancelled record and a superseded one are not.
  ids.serviced = await truck();
  await fine(ids.serviced);
  await service(ids.serviced, 'Oil Change', day(-80), day(14));
  await service(ids.serviced, 'Tire Rotation', day(-80), day(15));
  await service(ids.serviced, 'Brake Service', day(-30), day(-5), 'Cancelled');
  await service(ids.serviced, 'PM Service', day(-200), day(-10));
  await service(ids.serviced, 'PM Service', day(-20), day(100));
  ids.overdueService = await truck();
  await fine(ids.overdueService);
  await service(ids.overdueService, 'Oil Change', day(-100), day(-3), 'Scheduled');
  // Violation fines: pending and due within 14 days, or past.
  ids.fined = await driver({ licenseExpiration: day(400) });
  await violation(ids.fined, day(14));
  await violation(ids.fined, day(15));
  await violation(ids.fined, day(-3), 'Paid');
  ids.finedPast = await driver({ licenseExpiration: day(400) });
  await violation(ids.finedPast, day(-2));
  const reply = await core.call<ComplianceItem[]>('compliance', 'list');
  if (!reply.ok) throw new Error(JSON.stringify(reply));
  items = reply.data;
}, 60000);

afterAll(async () => {
  delete process.env.COMPANY_TIME_ZONE;
  await core?.stop();
}, 60_000);

describe('svc-core compliance', () => {
  it('lists licences and medical cards within 30 days or past, counted in the company time zone', () => {
    expect(about(ids.cdl30)).toEqual([
      expect.objectContaining({ kind: 'cdl', subjectType: 'driver', dueDate: day(30), daysLeft: 30, status: 'due-soon', message: expect.stringMatching(/^CDL of Casey Comply \d+ expires in 30 days$/) }),
    ]);
    expect(about(ids.cdlToday)).toEqual([expect.objectContaining({ kind: 'cdl', daysLeft: 0, status: 'due-soon', message: expect.stringMatching(/expires today$/) })]);
    expect(about(ids.medicalPast)).toEqual([
      expect.objectContaining({ kind: 'medical', daysLeft: -1, status: 'expired', message: expect.stringMatching(/^Medical card of .* expired 1 day ago$/) }),
    ]);
    expect(about(ids.inspector)).toEqual([]);
  });

  it('lists a truck whose periodic inspection falls due within 30 days, is past, or was never passed', () => {
    expect(about(ids.due30)).toEqual([expect.objectContaining({ kind: 'annual-inspection', subjectType: 'truck', dueDate: day(30), daysLeft: 30, status: 'due-soon' })]);
    expect(about(ids.due31)).toEqual([]);
    expect(about(ids.yearAndDay)).toEqual([expect.objectContaining({ kind: 'annual-inspection', daysLeft: -1, status: 'expired', message: expect.stringMatching(/was due 1 day ago$/) })]);
    for (const missing of [ids.none, ids.failedOnly]) {
      expect(about(missing)).toEqual([
        expect.objectContaining({ kind: 'annual-inspection', dueDate: null, daysLeft: null, status: 'missing', message: expect.stringMatching(/^Truck C-\d+ has no passed annual inspection on file$/) }),
      ]);
    }
    expect(about(ids.outOfService)).toEqual([]);
  });

  it('lists the latest service of each type due within 14 days or past, leaving out cancelled and superseded ones', () => {
    expect(about(ids.serviced)).toEqual([
      expect.objectContaining({ kind: 'service', dueDate: day(14), daysLeft: 14, status: 'due-soon', recordId: expect.any(String), message: expect.stringMatching(/^Oil Change of truck C-\d+ is due in 14 days$/) }),
    ]);
    expect(about(ids.overdueService)).toEqual([expect.objectContaining({ kind: 'service', daysLeft: -3, status: 'expired' })]);
  });

  it('lists pending fines due within 14 days or past', () => {
    expect(about(ids.fined)).toEqual([
      expect.objectContaining({ kind: 'violation-fine', subjectType: 'driver', daysLeft: 14, status: 'due-soon', message: expect.stringMatching(/^Speeding fine of .* is due in 14 days$/) }),
    ]);
    expect(about(ids.finedPast)).toEqual([expect.objectContaining({ kind: 'violation-fine', daysLeft: -2, status: 'expired' })]);
  });

  it('orders expired first, then missing, then by due date', () => {
    const rank = (item: ComplianceItem) => (item.status === 'expired' ? 0 : item.status === 'missing' ? 1 : 2);
    const ranks = items.map(rank);
    expect(ranks).toEqual([...ranks].sort());
    const expired = items.filter((item) => item.status === 'expired').map((item) => item.dueDate!);
    expect(expired).toEqual([...expired].sort());
    const dueSoon = items.filter((item) => item.status === 'due-soon').map((item) => item.dueDate!);
    expect(dueSoon).toEqual([...dueSoon].sort());
    expect(items.filter((item) => item.status === 'expired')).toHaveLength(4);
  });
});
