import { IMPORT_MAX_BYTES, IMPORT_MESSAGES, type ImportResult } from '@tms/contracts';
import { signIn, startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * CSV through the whole built system: every list as a CSV download (GET /api/{resource}?format=csv), and imports
 * (POST /api/{resource}/import?dryRun=...) whose file travels to svc-core through the upload bucket.
 */
let system: RunningSystem;
let cookie: string;

beforeAll(async () => {
  system = await startIsolatedSystem({ label: 'csv' });
  cookie = await signIn(system.url, 'csv@example.com');
}, 120_000);

afterAll(async () => {
  await system?.stop();
}, 60_000);

const get = (path: string) => fetch(`${system.url}${path}`, { headers: { cookie } });
const post = (path: string, body: string | Uint8Array, type = 'application/json') =>
  fetch(`${system.url}${path}`, { method: 'POST', headers: { cookie, origin: system.url, 'content-type': type }, body });
const importCsv = (resource: string, csv: string | Uint8Array, dryRun: boolean) => post(`/api/${resource}/import?dryRun=${dryRun}`, csv, 'text/csv');

async function created(resource: string, body: unknown): Promise<{ id: string }> {
  const answer = await post(`/api/${resource}`, JSON.stringify(body));
  if (answer.status !== 201) throw new Error(`${resource}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/{resource}?format=csv', () => {
  it('downloads a list as CSV: its field names, money as stored, days as YYYY-MM-DD, formula cells made safe', async () => {
    const customer = await created('customers', { name: '=cmd|"/c calc"!A1', email: 'ship@csv.example', phone: '+1 555 0100', address: 'Dallas, TX', type: 'shipper' });
    await created('loads', {
      loadNumber: 'LD-CSV-1', customerId: customer.id, status: 'pending', pickupLocation: 'Dallas, TX', pickupDate: '2027-03-04',
      deliveryLocation: 'Tulsa, OK', deliveryDate: '2027-03-06', rate: '1250.5', notes: 'Call "Bob"\nat the dock',
    });
    const answer = await get('/api/loads?format=csv');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="loads-${today()}.csv"`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await answer.arrayBuffer());
    expect(text.startsWith('\uFEFFid,loadNumber,customerId,')).toBe(true);
    const [header, line, end] = text.slice(1).split('\r\n');
    expect(end).toBe('');
    const cells = Object.fromEntries(header.split(',').map((field, index) => [field, index]));
    // The notes' quotes and line end keep the line whole: split on the commas outside quotes.
    const values = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, ''));
    expect(values[cells.rate]).toBe('1250.50');
    expect(values[cells.pickupDate]).toBe('2027-03-04');
    expect(values[cells.notes]).toBe('"Call ""Bob""\nat the dock"');

    await created('customers', { name: 'Acme;=1+1', email: 'semi@csv.example', phone: '555-0101', address: 'Tulsa; OK', type: 'shipper' });
    const customers = new TextDecoder().decode(await (await get('/api/customers?format=csv')).arrayBuffer());
    expect(customers).toContain(`"'=cmd|""/c calc""!A1",ship@csv.example,"'+1 555 0100","Dallas, TX",shipper,`);
    // Quoted, so that a spreadsheet splitting on ';' or tabs keeps the cell whole and never sees '=1+1' on its own.
    expect(customers).toContain(`"Acme;=1+1",semi@csv.example,555-0101,"Tulsa; OK",shipper,`);
  });

  it('answers the header alone for an empty list, and 400 for another format', async () => {
    const text = await (await get('/api/violations?format=csv')).text();
    expect(text).toMatch(/^\uFEFF?id,driverId,truckId,violationType,/);
    expect(text.split('\r\n')).toHaveLength(2);
    expect((await get('/api/trucks?format=xml')).status).toBe(400);
    expect((await get('/api/nothing?format=csv')).status).toBe(404);
  });
});

describe('POST /api/{resource}/import', () => {
  const trucksCsv = ['Truck #,Type,Status,License Plate,VIN,Year,Make,Model', 'RT-1,Dry Van,Available,PL 1,,2021,Volvo,VNL', 'RT-2,Flatbed,In Use,PL 2,,,"-Kenworth, ""W""",'].join('\r\n');

  it('checks a file on a dry run, imports it, and a round trip through the export changes nothing', async () => {
    expect(await (await importCsv('trucks', trucksCsv, true)).json()).toEqual({ rows: 2, create: 2, update: 0, unchanged: 0, errors: [] });
    expect(await (await get('/api/trucks')).json()).toEqual([]);
    const imported = await importCsv('trucks', trucksCsv, false);
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ rows: 2, create: 2, update: 0, unchanged: 0, errors: [] });
    const before = await (await get('/api/trucks')).json();
    expect(before.find((truck: any) => truck.truckNumber === 'RT-2')).toMatchObject({ status: 'in-use', make: '-Kenworth, "W"', year: null });

    const exported = new Uint8Array(await (await get('/api/trucks?format=csv')).arrayBuffer());
    expect(await (await importCsv('trucks', exported, false)).json()).toEqual({ rows: 2, create: 0, update: 0, unchanged: 2, errors: [] });
    expect(await (await get('/api/trucks')).json()).toEqual(before);
  });

  it('gives back formula-like texts through its own export, and keeps the apostrophes typed in another file', async () => {
    const typed = "truckNumber,type,status,licensePlate,make,model\r\nAP-1,Dry Van,available,'=1+1,=SUM(A1),'-quoted\r\n";
    expect(await (await importCsv('trucks', typed, false)).json()).toMatchObject({ create: 1, errors: [] });
    const truck = (await (await get('/api/trucks')).json()).find((one: any) => one.truckNumber === 'AP-1');
    expect(truck).toMatchObject({ licensePlate: "'=1+1", make: '=SUM(A1)', model: "'-quoted" });

    const exported = new Uint8Array(await (await get('/api/trucks?format=csv')).arrayBuffer());
    expect(new TextDecoder().decode(exported)).toContain(`"'=SUM(A1)"`);
    expect(await (await importCsv('trucks', exported, false)).json()).toMatchObject({ create: 0, update: 0, errors: [] });
    expect((await (await get('/api/trucks')).json()).find((one: any) => one.truckNumber === 'AP-1')).toEqual(truck);
  });

  it('refuses 20 MB of 7 million short rows within 2 s, while other requests are answered as fast as before', async () => {
    const file = new TextEncoder().encode(`truckNumber\n${'T\n'.repeat((IMPORT_MAX_BYTES - 12) / 2)}`);
    const listed = async () => {
      const started = performance.now();
      expect((await get('/api/drivers')).status).toBe(200);
      return performance.now() - started;
    };
    const usual = Math.max(await listed(), await listed(), await listed());
    // What carrying 20 MB costs by itself (to the gateway, into the bucket, to svc-core): a file refused at its header.
    const carried = performance.now();
    const twice = Uint8Array.from(file);
    twice.set(new TextEncoder().encode('truckNumber,Truck #\n'));
    expect((await importCsv('trucks', twice, true)).status).toBe(400);
    const carrying = performance.now() - carried;
    const started = performance.now();
    const refused = importCsv('trucks', file, true).then(async (answer) => ({ answer, body: await answer.json(), after: performance.now() - started }));
    const meanwhile: number[] = [];
    while (meanwhile.length < 3 || performance.now() - started < 1000) {
      meanwhile.push(await listed());
      if (meanwhile.length >= 20) break;
    }
    const { answer, body, after } = await refused;
    expect(answer.status).toBe(400);
    expect(body).toMatchObject({ issues: { file: [IMPORT_MESSAGES.tooManyRows] } });
    // Within 2 s, or on a busy machine within a second of what carrying the file costs.
    expect(after).toBeLessThan(Math.max(2000, carrying + 1000));
    // Held for 20 s before (answered 503); a busy machine's scheduling may still delay one by a few hundred ms.
    expect(Math.max(...meanwhile)).toBeLessThan(Math.max(10 * usual, 1000));
  }, 60_000);

  it('answers the errors of known rows and imports nothing', async () => {
    const csv = 'truckNumber,type,status,licensePlate\nBAD-1,Dry Van,available,PL 3\nBAD-2,,available,PL 4\n';
    const answer = await importCsv('trucks', csv, false);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ rows: 2, create: 1, update: 0, unchanged: 0, skipped: 1, errors: [{ row: 3, field: 'type', column: 'type', value: '', message: 'Type is required' }] });
    expect((await (await get('/api/trucks')).json()).map((truck: any) => truck.truckNumber)).not.toContain('BAD-1');
  });

  it("says each error in the file's words, imports the good rows when told to, and lists them in the file's order", async () => {
    const csv = [
      'Truck #,Type,Status,License Plate,Year',
      'GOOD-3,Dry Van,Available,GP-3,2021',
      'GOOD-1,Flatbed,Available,GP-1,2019',
      'BAD-Y,Dry Van,Available,GP-9,2O23',
      'GOOD-2,Tanker,In Use,GP-2,',
      'BAD-S,Dry Van,Parked,GP-8,2020',
    ].join('\r\n');
    const dryRun = await (await importCsv('trucks', csv, true)).json();
    expect(dryRun).toEqual({
      rows: 5, create: 3, update: 0, unchanged: 0, skipped: 2,
      errors: [
        { row: 4, field: 'year', column: 'Year', value: '2O23', message: 'Year must be a whole number' },
        { row: 6, field: 'status', column: 'Status', value: 'Parked', message: 'Status is required' },
      ],
    });
    // Without skipInvalid nothing is imported; with it, the good rows are, and the bad ones are left out.
    expect((await (await importCsv('trucks', csv, false)).json()).skipped).toBe(2);
    const listed = async () => ((await (await get('/api/trucks')).json()) as { truckNumber: string }[]).map(({ truckNumber }) => truckNumber).filter((number) => /^(GOOD|BAD)-/.test(number));
    expect(await listed()).toEqual([]);
    expect((await post('/api/trucks/import?dryRun=false&skipInvalid=maybe', csv, 'text/csv')).status).toBe(400);
    const applied = await post('/api/trucks/import?dryRun=false&skipInvalid=true', csv, 'text/csv');
    expect(applied.status).toBe(200);
    expect(await applied.json()).toMatchObject({ rows: 5, create: 3, skipped: 2 });
    // Newest first, as the list shows them: the file's order, top to bottom.
    expect(await listed()).toEqual(['GOOD-3', 'GOOD-1', 'GOOD-2']);
  });

  it('refuses an empty file, a body that is no CSV, a resource that takes no import, and the signed-out', async () => {
    const empty = await importCsv('trucks', '', true);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ issues: { file: ['The file is empty.'] } });
    expect((await post('/api/trucks/import?dryRun=true', '{}')).status).toBe(415);
    expect((await importCsv('trucks', trucksCsv, 'maybe' as never)).status).toBe(400);
    expect((await importCsv('invoices', trucksCsv, true)).status).toBe(404);
    const signedOut = await fetch(`${system.url}/api/trucks/import?dryRun=true`, { method: 'POST', headers: { origin: system.url, 'content-type': 'text/csv' }, body: trucksCsv });
    expect(signedOut.status).toBe(401);
  });

  it(`takes a file of ${IMPORT_MAX_BYTES / (1024 * 1024)} MB and refuses a larger one with 413, never a 5xx`, async () => {
    // 50,000 trucks whose makes and models fill the file to the limit exactly.
    const header = 'truckNumber,type,status,licensePlate,make,model\n';
    const ROWS = 50_000;
    const rowBytes = Math.floor((IMPORT_MAX_BYTES - header.length) / ROWS);
    const lines = Array.from({ length: ROWS }, (_, n) => {
      const start = `BIG-${n},Dry Van,available,BP ${n},`;
      const fill = rowBytes - start.length - 2; // the comma between make and model, and the line end
      return `${start}${'M'.repeat(Math.ceil(fill / 2))},${'m'.repeat(Math.floor(fill / 2))}\n`;
    });
    const csv = header + lines.join('');
    const file = new TextEncoder().encode(csv.padEnd(IMPORT_MAX_BYTES, '\n'));
    expect(file.byteLength).toBe(IMPORT_MAX_BYTES);

    const imported = await importCsv('trucks', file, false);
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ rows: ROWS, create: ROWS, errors: [] });

    const larger = new Uint8Array(IMPORT_MAX_BYTES + 1);
    larger.set(file);
    larger[IMPORT_MAX_BYTES] = 0x0a;
    const tooLarge = await importCsv('trucks', larger, true);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: 'The file is too large: at most 20 MB.' });
  }, 120_000);
});
