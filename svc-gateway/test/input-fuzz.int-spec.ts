import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DATE_RANGE, EMAIL_MAX_LENGTH, FREE_TEXT_MAX_LENGTH, MONEY_RANGE, RESOURCE_SCHEMAS, SHORT_TEXT_MAX_LENGTH } from '@tms/contracts';
import type { z } from 'zod';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * No input makes a 5xx or shows a client anything internal. For every resource in RESOURCE_SCHEMAS (so a new
 * domain is covered the day it lands), bodies generated from its zod schema, valid and hostile, go to its create
 * and update through the whole built system as a signed-in browser sends them; then raw requests no client should
 * send. Every answer must also agree with the schema: what it refuses is a 400 (or 413), and a save happens only
 * for what it accepts.
 *   FUZZ_RUNS  bodies per resource for create, as many for update, and as many raw requests (default 600)
 *   FUZZ_SEED  replays a run: lane i runs with seed + i (a failure prints its seed and counterexample)
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 600);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Requests in flight at once: each lane is a fast-check run of its own, so a counterexample is one request. */
const LANES = 4;
/** Each lane's time for its runs and for shrinking a failure (a service that does not answer costs 4.5 s a try). */
const LANE_TIME_LIMIT_MS = 90_000;
const TEST_TIMEOUT_MS = LANE_TIME_LIMIT_MS + 30_000;

/** What no error answer may contain: stack frames, SQL, driver and runtime error names, file paths. */
const INTERNALS = /QueryFailedError|\bstack\b|\bat \S+ \(|\bat .+:\d+:\d+|SELECT|INSERT|UPDATE .* SET|violates|node_modules|TypeError|\.(ts|js):\d+/;

type FieldKind = 'choice' | 'reference' | 'references' | 'date' | 'email' | 'money' | 'decimal' | 'integer' | 'text' | 'patterned' | 'stops' | 'applications';

interface Field {
  name: string;
  schema: z.ZodType;
  kind: FieldKind;
  required: boolean;
  options: string[];
}

/** Text of a set form (an MC number), found by the examples it takes; its valid values are drawn around them. */
const PATTERNED_EXAMPLES = ['MC-123456', '123456'];

/** Whole numbers a field of any sane range takes some of; the valid ones are drawn around those it accepts. */
const INTEGER_ANCHORS = [0, 1, 100, 1000, 2000, new Date().getFullYear(), 10_000, 1_000_000, -1];

/** What a field holds, found by asking its schema what it takes (the builders' transforms hide it from the shape). */
function describeField(name: string, schema: z.ZodType): Field {
  const accepts = (value: unknown) => schema.safeParse(value).success;
  // A choice's options, also under an optional one (a customer's invoicing).
  const options = (schema as { options?: unknown }).options ?? (schema as { unwrap?: () => { options?: unknown } }).unwrap?.().options;
  const choices: string[] = Array.isArray(options) && options.every((option) => typeof option === 'string') ? options : [];
  const field = { name, schema, required: !accepts(undefined), options: choices };
  if (choices.length) return { ...field, kind: 'choice' };
  if (accepts('x')) return { ...field, kind: 'text' };
  if (accepts(randomUUID())) return { ...field, kind: 'reference' };
  if (accepts([randomUUID()])) return { ...field, kind: 'references' };
  if (accepts('2027-03-04')) return { ...field, kind: 'date' };
  if (accepts('ann@example.com')) return { ...field, kind: 'email' };
  if (accepts('1234.50')) return { ...field, kind: 'money' };
  // Small amounts with cents' precision that are no money (a customer's detention hours).
  if (accepts('1.5')) return { ...field, kind: 'decimal' };
  if (INTEGER_ANCHORS.some(accepts)) return { ...field, kind: 'integer' };
  if (PATTERNED_EXAMPLES.some(accepts)) return { ...field, kind: 'patterned', options: PATTERNED_EXAMPLES.filter(accepts) };
  if (accepts([{ type: 'pickup', location: 'Dallas, TX' }, { type: 'delivery', location: 'Tulsa, OK' }])) return { ...field, kind: 'stops' };
  if (accepts([{ invoiceId: randomUUID(), amount: '1.00' }])) return { ...field, kind: 'applications' };
  throw new Error(`The fuzz test cannot tell what ${name} holds: teach describeField its kind`);
}

/** Ids of the records the run created, by resource: the valid values of a reference. */
const createdIds = new Map<string, string[]>();
const allCreatedIds = () => [...createdIds.values()].flat();
const idsOf = (resource: string) => createdIds.get(resource) ?? createdIds.set(resource, []).get(resource)!;

/** The records the run created, by id, as their create answered them. */
const createdRecords = new Map<string, Record<string, unknown>>();

/**
 * A body made to follow the rules that tie records of two resources (an invoice bills its load's customer; a payment
 * pays its invoice's customer, at most its balance): otherwise hardly any valid invoice or payment would be saved.
 * Only fields are set, to values the schema takes; the verdict is judged on the body as sent.
 */
function coherent(resource: string, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || body instanceof RawJson) return body;
  const fields = body as Record<string, unknown>;
  const named = (id: unknown) => (typeof id === 'string' ? createdRecords.get(id) : undefined);
  const load = resource === 'invoices' ? named(fields.loadId) : undefined;
  if (load) return { ...fields, customerId: load.customerId };
  const invoice = resource === 'payments' ? named(fields.invoiceId) : undefined;
  if (invoice) return { ...fields, customerId: invoice.customerId, amount: '0.01' };
  return body;
}

/**
 * The resource a reference field names, by its name: `truckId` and `assignedTruckId` → trucks, `loadIds` → loads.
 * Its valid values are that resource's ids (any id is a 400 under the field for most other resources' records).
 */
function referencedResource(field: string): string | undefined {
  const noun = field.replace(/^assigned/, '').replace(/Ids?$/, '');
  const resource = `${noun[0].toLowerCase()}${noun.slice(1)}s`;
  return Object.hasOwn(RESOURCE_SCHEMAS, resource) ? resource : undefined;
}

function validValue(field: Field): fc.Arbitrary<unknown> {
  const accepted = <T>(arbitrary: fc.Arbitrary<T>) => arbitrary.filter((value) => field.schema.safeParse(value).success);
  switch (field.kind) {
    case 'choice':
      return fc.constantFrom(...field.options);
    case 'reference': {
      const resource = referencedResource(field.name);
      const createdId = fc.nat().map((index) => {
        const ids = (resource ? createdIds.get(resource) : undefined) ?? allCreatedIds();
        return ids.length ? ids[index % ids.length] : null;
      });
      // A required reference is never left empty in a valid body; an optional one often is.
      return field.required ? createdId : fc.oneof(fc.constant(null), createdId);
    }
    case 'references': {
      const resource = referencedResource(field.name);
      return fc.array(fc.nat(), { maxLength: 3 }).map((indexes) => {
        const ids = (resource ? createdIds.get(resource) : undefined) ?? [];
        return ids.length ? indexes.map((index) => ids[index % ids.length]) : [];
      });
    }
    case 'date':
      return accepted(
        fc
          .date({ min: new Date(`${DATE_RANGE.min}T00:00:00Z`), max: new Date(`${DATE_RANGE.max}T00:00:00Z`), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10)),
      );
    case 'email':
      return accepted(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9._-]{0,20}$/), fc.nat()).map(([user, n]) => `${user}${n}@example.com`));
    case 'money':
      // Dollars across the whole range, with 2, 1 or no decimals as people type them.
      return accepted(
        fc
          .tuple(fc.integer({ min: 0, max: Number.parseInt(MONEY_RANGE.max) }), fc.stringMatching(/^(\.\d{1,2})?$/))
          .map(([dollars, cents]) => `${dollars}${cents}`),
      );
    case 'decimal':
      return accepted(fc.tuple(fc.integer({ min: 0, max: 99 }), fc.stringMatching(/^(\.\d{1,2})?$/)).map(([whole, part]) => `${whole}${part}`));
    case 'integer': {
      const anchors = INTEGER_ANCHORS.filter((anchor) => field.schema.safeParse(anchor).success);
      return accepted(
        fc
          .tuple(fc.constantFrom(...anchors), fc.integer({ min: -50, max: 50 }), fc.boolean())
          .map(([anchor, offset, asText]) => (asText ? String(anchor + offset) : anchor + offset)),
      );
    }
    case 'text':
      return accepted(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }));
    case 'patterned':
      return fc.oneof(fc.constantFrom(...field.options), accepted(fc.integer({ min: 1, max: 99_999_999 }).map((n) => `MC-${n}`)));
    case 'stops':
      // A load's stops (issue 42): a pickup, drops in between, a delivery.
      return accepted(
        fc
          .array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }), { minLength: 2, maxLength: 5 })
          .map((places) => places.map((location, index) => ({ type: index ? 'delivery' : 'pickup', location }))),
      );
    case 'applications':
      // A remittance's invoices (issue 46): none (all kept as credit), or some the run made, a cent each.
      return fc.array(fc.nat(), { maxLength: 3 }).map((indexes) => {
        const ids = idsOf('invoices');
        return ids.length ? [...new Set(indexes.map((index) => ids[index % ids.length]))].map((invoiceId) => ({ invoiceId, amount: '0.01' })) : [];
      });
  }
}

/**
 * JSON text written into the body as it is: nesting JSON.stringify would take long to build, and text too long to
 * read in a counterexample, which shows `label` instead.
 */
class RawJson {
  constructor(
    readonly text: string,
    private readonly label: string,
  ) {}

  [fc.toStringMethod]() {
    return this.label;
  }
}

const deepNesting = fc
  .tuple(fc.constantFrom(100, 1000, 5000), fc.constantFrom('[', '{"a":'))
  .map(([depth, opening]) => {
    const closing = opening === '[' ? ']'.repeat(depth) : `null${'}'.repeat(depth)}`;
    return new RawJson(opening.repeat(depth) + closing, `${opening === '[' ? 'arrays' : 'objects'} nested ${depth} levels deep`);
  });

const ODD_CHARACTERS = [
  '\u0000', '\u0001', '\t', '\n', '\r\n', '\u001b[31m', '\u007f', '\u0085', '\u00a0', '\u2028', '\u202e', '\ufeff',
  '\ud800', '\udfff', '\ud83d', '🚚', '👩‍👩‍👧', 'é', 'İ', '%00', '\\u0000', "'; DROP TABLE trucks; --", '<script>', '${x}',
];
const textWithOddCharacters = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...ODD_CHARACTERS), fc.string({ maxLength: 8 }))
  .map((parts) => parts.join(''));
const textAroundLimits = fc
  .tuple(fc.constantFrom(SHORT_TEXT_MAX_LENGTH, EMAIL_MAX_LENGTH, FREE_TEXT_MAX_LENGTH), fc.constantFrom(0, 1), fc.constantFrom('x', 'é', '🚚'))
  .map(([limit, beyond, unit]) => new RawJson(JSON.stringify(unit.repeat(limit + beyond)), `${JSON.stringify(unit)} × ${limit + beyond}`));
/** Up to 200,000 characters: one fits the gateway's body limit, several together may not (a 413). */
const hugeText = fc
  .tuple(fc.integer({ min: 1000, max: 200_000 }), fc.constantFrom('x', 'é', '🚚', ' ', '\u0000'))
  .map(([length, unit]) => {
    const count = Math.ceil(length / unit.length);
    return new RawJson(JSON.stringify(unit.repeat(count)), `${JSON.stringify(unit)} × ${count}`);
  });

const ODD_NUMBERS = [
  -0, 0.5, -1, 1899, 2147483647, 2147483648, -2147483648, -2147483649, 4294967296, 9007199254740991, 9007199254740992,
  -9007199254740992, 1e10, 1e21, 1e308, Number.MIN_VALUE,
];
const NUMERIC_TEXT = [
  '1e10', '2147483648', '-2147483649', '9007199254740993', '9'.repeat(400), '0x10', '1_000', ' 12 ', '12abc', '١٢', 'NaN', 'Infinity', '+',
  '.5', '2021.0',
];
const ODD_DATES = [
  '0000-01-01', '9999-12-31', '2027-02-30', '2023-02-29', '1899-12-31', '3000-01-01', '+275760-09-13', '-000001-01-01',
  '2027-13-01', '2027-00-10', '2027-3-4', '20270304', '2027-03-04T25:61:00Z', '2027-03-04T00:00:00+99:99', '2027-03-04 00:00', 'today',
];
const ODD_REFERENCES = [
  '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'not-a-uuid', `{${randomUUID()}}`, randomUUID().toUpperCase(),
];
const ODD_MONEY = [
  '1e3', '1E3', '12.345', '99999999.995', '100000000', '100000000.00', '-0.01', '-5', '1,200.00', '$1200', '12.3.4', '+5', '١٢.٣٤',
  ' 12.5 ', '.5', '5.', '.', '-', '0012.00', `${'0'.repeat(40)}1`, 12.5, 1500, 0.1, -0, 1e21,
];
const ODD_EMAILS = [
  'a@b', 'ann@example.com\u0000', 'ANN@EXAMPLE.COM', '"a b"@example.com', 'ann@[127.0.0.1]', `${'a'.repeat(250)}@example.com`, 'ann@@example.com',
  '@example.com',
];

/** Any value at all where a field is expected: wrong types, odd numbers, dates and text, deep nesting. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, '', {}, []),
  fc.anything({ maxDepth: 2 }),
  fc.double(),
  fc.maxSafeInteger(),
  fc.constantFrom(...ODD_NUMBERS, ...NUMERIC_TEXT, ...ODD_DATES, ...ODD_REFERENCES, ...ODD_EMAILS),
  textWithOddCharacters,
  textAroundLimits,
  hugeText,
  deepNesting,
);

/** Values close to what the field takes, which its limits must still refuse. */
function nearMiss(field: Field): fc.Arbitrary<unknown> {
  switch (field.kind) {
    case 'choice':
      return fc.tuple(fc.constantFrom(...field.options), fc.constantFrom('upper', 'padded', 'nul', 'repeated')).map(([option, how]) =>
        how === 'upper' ? option.toUpperCase() : how === 'padded' ? ` ${option} ` : how === 'nul' ? `${option}\u0000` : option.repeat(100),
      );
    case 'reference':
      return fc.oneof(fc.uuid(), fc.constantFrom(...ODD_REFERENCES));
    case 'references':
      return fc.oneof(fc.array(fc.uuid(), { maxLength: 3 }), fc.array(fc.constantFrom(...ODD_REFERENCES), { minLength: 1, maxLength: 2 }), fc.constantFrom(...ODD_REFERENCES));
    case 'date':
      return fc.constantFrom(...ODD_DATES);
    case 'email':
      return fc.constantFrom(...ODD_EMAILS);
    case 'money':
    case 'decimal':
      return fc.oneof(fc.constantFrom(...ODD_MONEY, ...NUMERIC_TEXT), fc.double());
    case 'integer':
      return fc.oneof(fc.constantFrom(...ODD_NUMBERS, ...NUMERIC_TEXT), fc.integer(), fc.double());
    case 'text':
      return fc.oneof(textWithOddCharacters, textAroundLimits, hugeText);
    case 'patterned':
      return fc.oneof(fc.constantFrom('MC-', 'MC-12a', '12 34', 'MC-1234567890123'), textWithOddCharacters, hugeText);
    case 'stops':
      return fc.oneof(
        fc.constantFrom([], [null], 'x', 42, {}, [{}, {}]),
        fc.array(fc.record({ type: fc.constantFrom('pickup', 'delivery', 'PICKUP', ''), location: fc.oneof(textWithOddCharacters, hugeText), appointmentStart: fc.constantFrom(...ODD_DATES), latitude: fc.double() }), { maxLength: 25 }),
      );
    case 'applications':
      return fc.oneof(
        fc.constantFrom([null], 'x', 42, {}, [{}], [{ invoiceId: '', amount: '' }]),
        fc.array(fc.record({ invoiceId: fc.oneof(fc.uuid(), fc.constantFrom(...ODD_REFERENCES)), amount: fc.oneof(fc.constantFrom(...ODD_MONEY), fc.double()) }), { maxLength: 5 }),
      );
  }
}

const fieldValue = (field: Field) =>
  fc.oneof({ weight: 3, arbitrary: validValue(field) }, { weight: 2, arbitrary: nearMiss(field) }, { weight: 1, arbitrary: hostileValue });

const ABSENT = Symbol('absent');
type Entry = readonly [string, unknown];

/** Fields the schema does not have: ignored on create, refused on update. */
const unknownFields = fc.array(
  fc.tuple(fc.oneof(fc.constantFrom('id', 'createdAt', '__proto__', 'constructor', 'toString', ''), fc.string({ maxLength: 12 })), hostileValue),
  { maxLength: 2 },
);

/** An object body: each field's value from `value`, left out when `optional` says it may be. */
function objectBody(
  fields: Field[],
  value: (field: Field) => fc.Arbitrary<unknown>,
  optional: (field: Field) => boolean,
  extras: fc.Arbitrary<Entry[]>,
) {
  const entries = fields.map((field) => {
    const entry = value(field).map((fieldValue): Entry => [field.name, fieldValue]);
    return optional(field) ? fc.option(entry, { nil: ABSENT }) : entry;
  });
  const unknown = (key: string) => !fields.some((field) => field.name === key);
  return fc.tuple(fc.tuple(...entries), extras).map(([own, extra]) =>
    // fromEntries defines '__proto__' as an own field, as JSON.parse does, rather than setting the prototype.
    Object.fromEntries([...own.filter((entry): entry is Entry => entry !== ABSENT), ...extra.filter(([key]) => unknown(key))]),
  );
}

/** Bodies that are no object at all. */
const oddBody = (valid: fc.Arbitrary<object>) => fc.oneof(valid.map((body) => [body]), fc.constantFrom(null, 'truck', 42, true, []), deepNesting);

const createBodies = (fields: Field[]) => {
  const valid = objectBody(fields, validValue, (field) => !field.required, fc.constant([]));
  const mixed = objectBody(fields, fieldValue, () => true, unknownFields);
  return { valid, any: fc.oneof({ weight: 3, arbitrary: valid }, { weight: 6, arbitrary: mixed }, { weight: 1, arbitrary: oddBody(valid) }) };
};

const updateBodies = (fields: Field[]) => {
  const valid = objectBody(fields, validValue, () => true, fc.constant([]));
  const sometimesUnknown = fc.oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: unknownFields });
  const mixed = objectBody(fields, fieldValue, () => true, sometimesUnknown);
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 6, arbitrary: mixed }, { weight: 1, arbitrary: oddBody(valid) });
};

/** The JSON text of a body, with its RawJson parts written as they are. */
function toJson(body: unknown): string {
  const marker = `raw-${randomUUID()}-`;
  const raws: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => (value instanceof RawJson ? `${marker}${raws.push(value.text) - 1}` : value));
  return text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_match, index: string) => raws[Number(index)]);
}

const RESOURCES = Object.entries(RESOURCE_SCHEMAS).map(([name, schema]: [string, z.ZodObject]) => {
  const fields = Object.entries(schema.shape as Record<string, z.ZodType>).map(([fieldName, field]) => describeField(fieldName, field));
  return { name, schema, fields, creates: createBodies(fields), updates: updateBodies(fields) };
});

let system: RunningSystem;
let cookie: string;
const statuses = new Map<string, Map<number, number>>();

interface Answer {
  status: number;
  text: string;
}

async function send(method: string, path: string, body: string | undefined, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${system.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: new URL(system.url).origin, cookie, ...headers },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const answer = { status: response.status, text: await response.text() };
  const route = `${method} ${path.replace(/^(\/api\/[^/]+)\/.*$/, '$1/:id')}`;
  const counts = statuses.get(route) ?? statuses.set(route, new Map()).get(route)!;
  counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  return answer;
}

/** No 5xx, and an error answer is `{ message, issues? }` with nothing internal in it. */
function expectHarmless(request: string, { status, text }: Answer) {
  const problem =
    status >= 500 ? 'a server error'
    : status >= 400 && INTERNALS.test(text) ? 'internals in the answer'
    : status >= 400 && !isErrorBody(text) ? 'an answer that is not { message }'
    : undefined;
  if (problem) throw new Error(`${request} answered ${status}, ${problem}: ${text.slice(0, 500)}`);
}

function isErrorBody(text: string) {
  try {
    return typeof (JSON.parse(text) as { message?: unknown }).message === 'string';
  } catch {
    return false;
  }
}

/**
 * The schema's verdict must be the server's: a refused body is a 400 (413 if too large), never a save. A body it
 * accepts may still be refused by a service's own rule, but under a field: invalid input that names no field is
 * Postgres refusing a value, a field limit missing from the contracts.
 */
function expectSchemaVerdict(request: string, answer: Answer, accepted: boolean, saved: 200 | 201) {
  const allowed = accepted ? [saved, 400, 409, 413] : [400, 413];
  const problem = !allowed.includes(answer.status)
    ? `answered ${answer.status} for a body the schema ${accepted ? 'accepts' : 'refuses'}`
    : accepted && answer.status === 400 && namesNoField(answer.text)
      ? 'was refused under no field for a body the schema accepts (the database refused a value: a field limit is missing)'
      : undefined;
  if (problem) throw new Error(`${request} ${problem}: ${answer.text.slice(0, 500)}`);
}

function namesNoField(text: string) {
  const { issues } = JSON.parse(text) as { issues?: object };
  return issues !== undefined && Object.keys(issues).length === 0;
}

/** Runs the property in LANES parallel fast-check runs, each with its own seed; reports every lane's failure. */
async function fuzz<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, examples: T[] = []) {
  const property = fc.asyncProperty(arbitrary, predicate);
  const lanes = Array.from({ length: LANES }, (_, lane) =>
    fc.assert(property, {
      numRuns: Math.ceil(RUNS / LANES),
      seed: SEED + lane,
      // Run first, by the first lane: values the property must hold for whatever the generator draws.
      examples: lane === 0 ? examples.map((example) => [example] as [T]) : [],
      interruptAfterTimeLimit: LANE_TIME_LIMIT_MS,
      markInterruptAsFailure: true,
      includeErrorInReport: true,
    }),
  );
  const failures = (await Promise.allSettled(lanes)).flatMap((lane) => (lane.status === 'rejected' ? [String((lane.reason as Error).message)] : []));
  if (failures.length) throw new Error(failures.join('\n\n'));
}

const savedCount = (route: string, status: number) => statuses.get(route)?.get(status) ?? 0;

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'fuzz@example.com');
  console.log(`Input fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}; the system's log is ${system.logFile}`);
}, 120_000);

afterAll(async () => {
  const table = [...statuses].map(([route, counts]) => {
    const byStatus = [...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    return `${route.padEnd(28)} ${byStatus.join('  ')}`;
  });
  const total = [...statuses.values()].flatMap((counts) => [...counts.values()]).reduce((sum, count) => sum + count, 0);
  console.log(`Input fuzz: ${total} requests\n${table.join('\n')}`);
  await system?.stop();
}, 60_000);

describe.each(RESOURCES)('/api/$name', ({ name: resource, schema, creates, updates }) => {
  let recordId: string;

  it(`creates only what the schema accepts, and no body makes a 5xx`, async () => {
    await fuzz(creates.any, async (body) => {
      const json = toJson(coherent(resource, body));
      const answer = await send('POST', `/api/${resource}`, json);
      const request = `POST /api/${resource}`;
      expectHarmless(request, answer);
      expectSchemaVerdict(request, answer, schema.safeParse(JSON.parse(json)).success, 201);
      if (answer.status === 201) {
        const record = JSON.parse(answer.text) as { id: string };
        idsOf(resource).push(record.id);
        createdRecords.set(record.id, record);
      }
    });
    expect(savedCount(`POST /api/${resource}`, 201)).toBeGreaterThan(0);
  }, TEST_TIMEOUT_MS);

  it(`updates only with what the schema accepts, and no partial body makes a 5xx`, async () => {
    // A record the create step saved (it asserts there is one).
    recordId = idsOf(resource)[0];
    expect(recordId).toBeDefined();
    const changes = schema.partial().strict();
    await fuzz(updates, async (body) => {
      const json = toJson(body);
      const answer = await send('PATCH', `/api/${resource}/${recordId}`, json);
      const request = `PATCH /api/${resource}/${recordId}`;
      expectHarmless(request, answer);
      // The gateway reads a null body as no changes.
      expectSchemaVerdict(request, answer, changes.safeParse(JSON.parse(json) ?? {}).success, 200);
    }, [{}]); // Saving a record unchanged is always accepted: random changes often break a rule of the record's own.
    expect(savedCount(`PATCH /api/${resource}/:id`, 200)).toBeGreaterThan(0);
  }, TEST_TIMEOUT_MS);
});

describe('raw requests to every resource', () => {
  const MALFORMED_JSON = [
    '{', '{"a":}', "{'a':'b'}", '{"a":"b",}', 'NaN', '[1,]', '{"a":1}{"b":2}', '\u0000', '', '{"a":"\\ud800"}', '{"a":"\\u00"}', '\ufeff{}',
  ];
  const request = fc.record({
    method: fc.constantFrom('POST', 'PATCH'),
    resource: fc.constantFrom(...RESOURCES.map(({ name }) => name)),
    id: fc.oneof(
      fc.nat().map((index) => allCreatedIds()[index % allCreatedIds().length] ?? randomUUID()),
      fc.uuid(),
      fc.constantFrom('not-a-uuid', '%00', '%E0%A4%A', '..%2F..%2Fhealth', 'x'.repeat(5000)),
    ),
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ),
    contentEncoding: fc.constantFrom(undefined, 'gzip', 'deflate', 'br', 'identity', 'x-unknown', 'gzip, deflate'),
    body: fc.oneof(
      fc.constantFrom(...MALFORMED_JSON),
      fc.string({ unit: 'binary', maxLength: 200 }),
      deepNesting,
      fc.oneof(...RESOURCES.map(({ creates }) => creates.valid)).map(toJson),
    ),
  });

  it('answers malformed JSON, false encodings, odd content types and odd ids without a 5xx', async () => {
    await fuzz(request, async ({ method, resource, id, contentType, contentEncoding, body }) => {
      const path = method === 'POST' ? `/api/${resource}` : `/api/${resource}/${id}`;
      const headers = { 'content-type': contentType, ...(contentEncoding && { 'content-encoding': contentEncoding }) };
      const answer = await send(method, path, body instanceof RawJson ? body.text : body, headers);
      expectHarmless(`${method} ${path} (${contentType}${contentEncoding ? `, ${contentEncoding}` : ''})`, answer);
    });
  }, TEST_TIMEOUT_MS);
});
