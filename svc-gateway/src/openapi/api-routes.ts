import {
  auditPageSchema,
  auditQuerySchema,
  calendarFeedLinkSchema,
  calendarFeedSchema,
  CHARGE_TERMS_PATH,
  chargeInputSchema,
  chargeSchema,
  chargeTermsSchema,
  loadChargeTermsSchema,
  complianceItemSchema,
  LOADS_ATTENTION_PATH,
  LOAD_BY_NUMBER_PATH,
  loadByNumberQuerySchema,
  loadByNumberSchema,
  stopAttentionSchema,
  currentUserSchema,
  deviceSchema,
  CALENDAR_FEED_DAYS,
  CALENDAR_FEED_PATH,
  CALENDAR_FEED_RENEW_PATH,
  COMPANY_RESOURCE,
  FACTOR_DEFAULTS,
  FACTORING_REPORTS_PATH,
  FACTORING_RESOURCE,
  FUEL_CARD_LAYOUTS,
  FUEL_FLAGGED_DAYS,
  FUEL_FLAGGED_MAX,
  FUEL_FLAGGED_PATH,
  FUEL_IMPORT_PATH,
  FUEL_MAPPING_LAYOUT,
  FUEL_MAPPINGS_PATH,
  fuelCardMappingInputSchema,
  fuelCardMappingSchema,
  flaggedFuelPurchaseSchema,
  factorSettingsSchema,
  factoringInvoiceSchema,
  ledgerQuerySchema,
  ledgerSchema,
  reportResultSchema,
  scheduleInputSchema,
  scheduleSchema,
  companyProfileSchema,
  DEFAULT_COMPANY_PROFILE,
  COMPLIANCE_RESOURCE,
  documentUploadSchema,
  EXTRACT_RESOURCE,
  AGING_PATH,
  agingQuerySchema,
  agingReportSchema,
  EXTRACT_LAYOUTS_RESOURCE,
  extractLayoutSchema,
  extractLoadRequestSchema,
  extractLoadResultSchema,
  GPS_BATCH_MAX,
  IFTA_PATH,
  iftaQuarterSchema,
  iftaRatesSchema,
  iftaReportQuerySchema,
  gpsLocationSchema,
  TRACK_MAX_DAYS,
  TRACK_MAX_POINTS,
  trackQuerySchema,
  trackSchema,
  gpsPositionSchema,
  IMPORT_CONTENT_TYPES,
  IMPORT_MAX_BYTES,
  importResultSchema,
  invoiceDraftQuerySchema,
  invoiceDraftSchema,
  OVERDUE_INVOICES_MAX,
  ACCOUNT_STATEMENT_PATH,
  STATEMENT_PERIOD_DAYS,
  accountStatementQuerySchema,
  REMITTANCE_CREDIT_PATH,
  customerCreditSchema,
  INVOICE_FOR_LOAD_PATH,
  LOAD_MESSAGE_MAX_LENGTH,
  LOAD_MESSAGES_UNREAD_PATH,
  LOAD_THREAD_MAX,
  loadMessageInputSchema,
  loadMessageSchema,
  unreadLoadMessagesSchema,
  INVOICE_EMAIL_TIMEOUT_MS,
  invoiceEmailInputSchema,
  invoiceEmailSchema,
  invoiceEmailSentSchema,
  remittanceSchema,
  OVERDUE_INVOICES_PATH,
  overdueInvoiceSchema,
  invoiceSchema,
  isImportable,
  loadDocumentSchema,
  DRIVER_API,
  driverLoadSchema,
  driverLoadSummarySchema,
  driverMeSchema,
  driverPairedSchema,
  driverPairRequestSchema,
  pairingLinkSchema,
  PAIRING_LINK_MINUTES,
  stopStampInputSchema,
  stopStampSchema,
  registeredDeviceSchema,
  RESOURCE_OWNERS,
  RESOURCE_SCHEMAS,
  LIST_FILTERS,
  dayRangeParams,
  settlementDraftQuerySchema,
  settlementDraftSchema,
  type ResourceName,
} from '@tms/contracts';
import { z } from 'zod';
import { GPS_PATH, OSMAND_PATH } from '../gps/device-requests.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route: a signed-in user (the session cookie), a device (its token), a calendar app (the key of its
 * link), or anyone (sign-in itself, and the load balancers' /healthz).
 */
export type Access = 'session' | 'device' | 'driver' | 'calendar-key' | 'public';

/** The error answers a route may give besides those its access brings (401 signed out, 403 a foreign origin's write). */
export type ErrorStatus = 400 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/**
 * A body or answer: JSON described by a contract's zod schema, another media type, or (the gateway's own small answers
 * that no contract holds: health, runtime configuration, accepted positions) JSON described in words.
 */
export type Content = { schema: z.ZodType } | { type: string; description?: string } | { shape: string };

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI's form: `/api/loads/{id}/documents`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The query's parameters, from a contract's object schema. */
  query?: z.ZodObject;
  body?: Content;
  /** Its content, or several (a list as JSON or, with `format=csv`, as CSV). */
  answer: { status: number; description: string; content?: Content | Content[] };
  errors?: ErrorStatus[];
}

/** A record as every answer gives it: the fields a create takes, as stored, with its id (and whatever the owner adds). */
const record = (schema: z.ZodObject) => schema.extend({ id: z.uuid() }).loose();
/** Records whose contract says what the owner adds. */
const RECORD_SCHEMAS: Partial<Record<ResourceName, z.ZodObject>> = { devices: deviceSchema, invoices: invoiceSchema, remittances: remittanceSchema };

/** The update rule of every resource's owner (service-kit's CrudService): any subset of the create's fields, nothing else. */
const changes = (schema: z.ZodObject) => schema.partial().strict();

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());

/**
 * A schema the reference names (one of its components), so that it appears once however many routes use it: a copy
 * with an id (zod's .meta() leaves the contract's schema as it is; the copy keeps its descriptions).
 */
const named = <T extends z.ZodType>(name: string, schema: T): T => schema.meta({ id: name });

const json = (schema: z.ZodType): Content => ({ schema });
const csv: Content = { type: 'text/csv', description: 'RFC 4180, UTF-8 with a byte-order mark; a text cell starting with = + - @ gets a leading apostrophe.' };
const pdf: Content = { type: 'application/pdf' };
/** A list's query: its format, its order and its filters (contracts' list-query.ts). */
function listQuery(resource: ResourceName) {
  const filters: Record<string, z.ZodOptional<z.ZodString>> = {};
  for (const [field, filter] of Object.entries(LIST_FILTERS[resource] ?? {})) {
    if (filter.kind === 'days') {
      const { from, to } = dayRangeParams(field);
      filters[from] = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe(`Only records whose ${field} is this day or later (YYYY-MM-DD)`);
      filters[to] = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().describe(`Only records whose ${field} is this day or earlier (YYYY-MM-DD)`);
    } else {
      const allowed = filter.kind === 'ids' ? 'record ids' : [...filter.values, ...Object.keys(filter.sets ?? {})].join(', ');
      filters[field] = z.string().optional().describe(`Only records whose ${field} is one of these (${allowed}), separated by commas`);
    }
  }
  return z.object({
    format: z.enum(['json', 'csv']).optional().describe("'csv' answers the list as a CSV download, '<resource>-<YYYY-MM-DD>.csv'"),
    sort: z.string().regex(/^[a-z][A-Za-z0-9]{0,63}$/).optional().describe('A field of the record to order the list by (text without regard to case, records without the value last); ties by id'),
    order: z.enum(['asc', 'desc']).optional().describe("'asc' (the default) or 'desc'"),
    ...filters,
  });
}
const importResult = named('ImportResult', importResultSchema);
const importQuery = z.object({
  dryRun: z.enum(['true', 'false']).describe("'true' checks every row and changes nothing; 'false' applies all rows in one transaction, or none"),
  skipInvalid: z.enum(['true', 'false']).optional().describe("'true' applies the good rows and leaves the bad ones out (each with its errors; `skipped` counts them)"),
});

/** The five routes of a resource in RESOURCE_OWNERS, its CSV export and (trucks, drivers, customers) its import. */
function resourceRoutes(resource: ResourceName): ApiRoute[] {
  const tag = pascal(resource);
  const input = named(`${tag}Input`, RESOURCE_SCHEMAS[resource]);
  const stored = named(tag, RECORD_SCHEMAS[resource] ?? record(input));
  const collection = `/api/${resource}`;
  const one = `${collection}/{id}`;
  const routes: ApiRoute[] = [
    {
      method: 'get', path: collection, tag, summary: `List ${resource}`, access: 'session', query: listQuery(resource),
      description: 'The whole list as one JSON array, streamed page by page from its owner, sorted and filtered as asked; with `format=csv`, as CSV.',
      answer: { status: 200, description: `Every record of ${resource}: JSON, or with \`format=csv\` a CSV download`, content: [json(z.array(stored)), csv] },
      errors: [400, 503],
    },
    {
      method: 'post', path: collection, tag, summary: `Create a record of ${resource}`, access: 'session', body: json(input),
      answer: { status: 201, description: 'The record as stored', content: json(stored) },
      errors: [400, 409, 413, 503],
    },
    {
      method: 'get', path: one, tag, summary: `Read a record of ${resource}`, access: 'session',
      answer: { status: 200, description: 'The record', content: json(stored) },
      errors: [400, 404, 503],
    },
    {
      method: 'patch', path: one, tag, summary: `Update a record of ${resource}`, access: 'session',
      description: 'Any subset of the fields a create takes; the others keep their values.',
      body: json(named(`${tag}Changes`, changes(input))),
      answer: { status: 200, description: 'The record as stored', content: json(stored) },
      errors: [400, 404, 409, 413, 503],
    },
    {
      method: 'delete', path: one, tag, summary: `Delete a record of ${resource}`, access: 'session',
      description: 'Refused with a 409 that counts them while other records name this one.',
      answer: { status: 204, description: 'Deleted' },
      errors: [400, 404, 409, 503],
    },
  ];
  if (isImportable(resource)) {
    routes.push({
      method: 'post', path: `${collection}/import`, tag, summary: `Import ${resource} from CSV`, access: 'session', query: importQuery,
      description: `Columns matched by field name or label, in any order. At most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
      body: { type: IMPORT_CONTENT_TYPES[0], description: 'The CSV file, a header row first' },
      answer: { status: 200, description: "What the rows create, update and leave unchanged, and their errors by row (with the file's column and the cell as written)", content: json(importResult) },
      errors: [400, 404, 409, 413, 415, 503],
    });
  }
  return routes;
}

const RESOURCE_ROUTES = (Object.keys(RESOURCE_OWNERS) as ResourceName[]).flatMap(resourceRoutes);
/** The body of POST /api/devices: the generic create's (the same named schema). */
const devicesInput = RESOURCE_ROUTES.find((route) => route.path === '/api/devices' && route.method === 'post')!.body!;

const loadDocument = named('LoadDocument', loadDocumentSchema);
const companyProfile = named('CompanyProfile', companyProfileSchema);
const factorSettings = named('FactorSettings', factorSettingsSchema);
/** What GET /api/factoring answers before a factor is saved: contracts' defaults, field by field. */
const factorDefaults = named('FactorSettingsDefaults', z.object(Object.fromEntries(Object.entries(FACTOR_DEFAULTS).map(([field, value]) => [field, z.literal(value)]))));
const schedule = named('Schedule', scheduleSchema);
const charge = named('Charge', chargeSchema);
const chargeTerms = named('ChargeTerms', chargeTermsSchema);
/** What GET /api/company answers before a profile is saved: contracts' defaults, field by field. */
const companyDefaults = named(
  'CompanyProfileDefaults',
  z.object(Object.fromEntries(Object.entries(DEFAULT_COMPANY_PROFILE).map(([field, value]) => [field, z.literal(value)]))),
);

const gpsBody = named(
  'GpsPositions',
  z.union([gpsPositionSchema, z.array(gpsPositionSchema).min(1).max(GPS_BATCH_MAX)]),
);

/**
 * Every route the gateway serves, as the API reference (GET /api/openapi.json) describes it: this table is the
 * description, the schemas are the contracts'. svc-gateway/test/openapi.int-spec.ts fails while a route the gateway
 * serves is missing here, or one here is not served.
 */
const driverOrigin = 'Served on the driver app\'s origin (DRIVER_PORT, DRIVER_APP_URL), never on the staff app\'s. ';
const driverStamp = (kind: 'arrived' | 'departed'): ApiRoute => ({
  method: 'post', path: `${DRIVER_API}/loads/{id}/stops/{stopId}/${kind}`, tag: 'Driver app', summary: kind === 'arrived' ? 'Arrived at a stop' : 'Departed from a stop', access: 'driver', body: json(named('StopStampInput', stopStampInputSchema)),
  description: `${driverOrigin}Stamps the time and one location fix (source \`driver\`): the stop takes it when it has no time or only GPS's; a dispatcher's time is never replaced (\`applied\` says which). Send an Idempotency-Key: the same key stores the stamp once however often it is sent.`,
  answer: { status: 201, description: 'The stamp as stored', content: json(named('StopStamp', stopStampSchema)) }, errors: [400, 404, 429, 503],
});

const loadMessage = named('LoadMessage', loadMessageSchema);
const loadMessageInput = named('LoadMessageInput', loadMessageInputSchema);

/** The driver app's API (driver/driver-origin.ts: DRIVER_ROUTES), by a phone's token. */
export const DRIVER_API_ROUTES: ApiRoute[] = [
  {
    method: 'post', path: `${DRIVER_API}/pair`, tag: 'Driver app', summary: 'Pair this phone', access: 'public', body: json(named('DriverPairRequest', driverPairRequestSchema)),
    description: `${driverOrigin}Takes the code of a pairing link (once); a used or expired one is a 404 'This link has expired. Ask dispatch for a new one.'`,
    answer: { status: 201, description: 'The phone token, shown this once (only its hash is kept)', content: json(named('DriverPaired', driverPairedSchema)) }, errors: [400, 404, 429, 503],
  },
  { method: 'get', path: `${DRIVER_API}/me`, tag: 'Driver app', summary: 'Who this phone is paired to', access: 'driver', description: driverOrigin, answer: { status: 200, description: 'The driver, and whether the company shows pay to drivers', content: json(named('DriverMe', driverMeSchema)) }, errors: [429, 503] },
  {
    method: 'get', path: `${DRIVER_API}/loads`, tag: 'Driver app', summary: 'My Loads', access: 'driver',
    description: `${driverOrigin}The driver's loads that are assigned, in transit, or delivered in the last 7 days; nothing else of the company.`,
    answer: { status: 200, description: 'By pickup date', content: json(z.array(named('DriverLoadSummary', driverLoadSummarySchema))) }, errors: [429, 503],
  },
  {
    method: 'get', path: `${DRIVER_API}/loads/{id}`, tag: 'Driver app', summary: 'One of my loads, with its stops', access: 'driver',
    description: `${driverOrigin}Its stops in order, its truck; its rate and the driver's pay only while the company shows pay to drivers. Any load not the driver's is a 404.`,
    answer: { status: 200, description: 'The load', content: json(named('DriverLoad', driverLoadSchema)) }, errors: [404, 429, 503],
  },
  {
    method: 'post', path: `${DRIVER_API}/loads/{id}/documents`, tag: 'Driver app', summary: 'Keep a document of my load', access: 'driver', body: json(documentUploadSchema),
    description: `${driverOrigin}Scan Document's PDF or Sign POD's page, kept on the load as a load document (where staff uploads go), with the same checks and limit as staff uploads (15 MB). Send an Idempotency-Key: the same key keeps it once however often it is sent.`,
    answer: { status: 201, description: 'The document, without its data', content: json(loadDocument) }, errors: [400, 404, 409, 413, 429, 503],
  },
  {
    method: 'post', path: `${DRIVER_API}/loads/{id}/messages`, tag: 'Driver app', summary: 'Write to dispatch about my load', access: 'driver', body: json(loadMessageInput),
    description: `${driverOrigin}A short message on the load (up to ${LOAD_MESSAGE_MAX_LENGTH} characters), which staff see in the load's 'Messages'; dispatch's answers come with the load (\`messages\`). Send an Idempotency-Key: the same key writes it once however often it is sent.`,
    answer: { status: 201, description: 'The message as kept', content: json(loadMessage) }, errors: [400, 404, 409, 429, 503],
  },
  driverStamp('arrived'),
  driverStamp('departed'),
];

export const API_ROUTES: ApiRoute[] = [
  // Sign-in: browser navigations, answered with redirects or a small page.
  { method: 'get', path: '/api/login', tag: 'Sign-in', summary: 'Start signing in', access: 'public', description: 'Redirects to the OIDC issuer.', answer: { status: 302, description: "To the issuer's sign-in" } },
  {
    method: 'get', path: '/api/callback', tag: 'Sign-in', summary: 'Finish signing in', access: 'public',
    description: "The issuer's redirect back: sets the session cookie and goes to the app. 401 for a sign-in that does not check out, 403 'Access not allowed' for a user the app does not admit, 502 when the issuer cannot be reached (small HTML pages).",
    answer: { status: 302, description: 'Signed in: to the app' },
  },
  { method: 'get', path: '/api/logout', tag: 'Sign-in', summary: 'Sign out', access: 'public', answer: { status: 302, description: 'Signed out: to the landing page' } },
  { method: 'post', path: '/api/logout', tag: 'Sign-in', summary: 'Sign out (a form)', access: 'public', answer: { status: 303, description: 'Signed out: to the landing page' } },
  { method: 'get', path: '/api/auth/user', tag: 'Sign-in', summary: 'The signed-in user', access: 'session', answer: { status: 200, description: 'The user', content: json(named('CurrentUser', currentUserSchema)) } },

  // The platform.
  { method: 'get', path: '/healthz', tag: 'Platform', summary: 'The gateway answers HTTP', access: 'public', answer: { status: 200, description: '`{ "status": "ok" }`', content: { shape: '{ status }' } } },
  {
    method: 'get', path: '/api/health', tag: 'Platform', summary: "Each service's state", access: 'session',
    answer: { status: 200, description: "'ok' or 'degraded', each service 'up' or 'down', and GPS positions that could not be stored", content: { shape: '{ status, services, gps? }' } },
  },
  {
    method: 'get', path: '/runtime-config.json', tag: 'Platform', summary: 'Where the shell loads each micro-frontend from', access: 'public',
    answer: { status: 200, description: 'The remotes\' manifest URLs', content: { shape: '{ remotes }' } },
  },
  { method: 'get', path: '/api/openapi.json', tag: 'Platform', summary: 'This description (OpenAPI 3.1)', access: 'session', answer: { status: 200, description: 'The OpenAPI document', content: { type: 'application/json' } } },
  { method: 'get', path: '/api/docs', tag: 'Platform', summary: 'The API reference, rendered', access: 'session', answer: { status: 200, description: 'An HTML page', content: { type: 'text/html' } } },
  {
    method: 'get', path: '/api/docs/{file}', tag: 'Platform', summary: "The reference page's script and styles", access: 'session',
    answer: { status: 200, description: 'swagger-ui-dist\'s bundle or its styles', content: { type: 'application/javascript' } }, errors: [404],
  },

  // The driver app (issue 44): staff pair a phone; the phone's own API is served on the driver origin (DRIVER_PORT) only.
  {
    method: 'post', path: '/api/drivers/{id}/pairing', tag: 'Driver app', summary: "Pair a driver's phone", access: 'session',
    description: `A link to open on the driver's phone, on the driver app's own origin: it works once, for ${PAIRING_LINK_MINUTES} minutes. A phone already paired stays so until the link is used.`,
    answer: { status: 201, description: 'The link and when it ends', content: json(named('PairingLink', pairingLinkSchema)) }, errors: [404, 503],
  },
  { method: 'delete', path: '/api/drivers/{id}/pairing', tag: 'Driver app', summary: "Unpair a driver's phone", access: 'session', description: 'The phone is refused from its next request on.', answer: { status: 204, description: 'Unpaired (or there was none)' }, errors: [404, 503] },
  ...DRIVER_API_ROUTES,
  // Devices: their tokens, no session.
  {
    method: 'post', path: GPS_PATH, tag: 'GPS devices', summary: 'Post positions', access: 'device',
    description: `One position or an array of up to ${GPS_BATCH_MAX}, answered once JetStream has stored them all. A bound device may leave its own truckId and driverId out. A batch's field problems are named by index ('3.latitude').`,
    body: json(gpsBody),
    answer: { status: 202, description: '`{ "accepted": n }`: stored', content: { shape: '{ accepted }' } },
    errors: [400, 403, 413, 429, 503],
  },
  {
    method: 'get', path: OSMAND_PATH, tag: 'GPS devices', summary: 'Post a position (OsmAnd protocol)', access: 'device',
    description: 'Traccar Client and OsmAnd: `?id=<token>&lat=&lon=&timestamp=&speed=&bearing=&accuracy=` (speed in knots; timestamp in epoch seconds, milliseconds or ISO 8601).',
    answer: { status: 200, description: '`{ "accepted": 1 }`: stored', content: { shape: '{ accepted }' } },
    errors: [400, 403, 429, 503],
  },
  {
    method: 'post', path: OSMAND_PATH, tag: 'GPS devices', summary: 'Post a position (OsmAnd protocol, form or Traccar JSON)', access: 'device',
    description: 'The same parameters as a form body, or the JSON of Traccar Client (`device_id`, `location.coords`).',
    body: { type: 'application/x-www-form-urlencoded' },
    answer: { status: 200, description: '`{ "accepted": 1 }`: stored', content: { shape: '{ accepted }' } },
    errors: [400, 403, 413, 429, 503],
  },
  { method: 'get', path: '/api/gps/latest', tag: 'GPS devices', summary: 'The latest position of each driver and truck', access: 'session', answer: { status: 200, description: 'Newest first', content: json(z.array(named('GpsLocation', gpsLocationSchema))) }, errors: [503] },
  {
    method: 'get', path: '/api/gps/track', tag: 'GPS devices', summary: "A truck's track between two moments", access: 'session', query: trackQuerySchema,
    description: `Its stored positions from \`from\` to \`to\` (at most ${TRACK_MAX_DAYS} days), oldest first, evenly thinned to at most ${TRACK_MAX_POINTS} points with the first and the last kept.`,
    answer: { status: 200, description: 'How many positions the span holds, and the points drawn', content: json(named('Track', trackSchema)) }, errors: [400, 503],
  },
  {
    method: 'post', path: '/api/devices', tag: 'Devices', summary: 'Register a device', access: 'session', body: devicesInput,
    description: 'The answer carries the device token, shown this once (only its hash is kept); the device may post at once.',
    answer: { status: 201, description: 'The device and its token', content: json(named('RegisteredDevice', registeredDeviceSchema)) },
    errors: [400, 503],
  },

  // Documents and extraction.
  {
    method: 'post', path: `/api/${EXTRACT_RESOURCE}`, tag: 'Loads', summary: "Read a document into a load's fields", access: 'session', body: json(extractLoadRequestSchema),
    description: 'The document as a base64 data URL, at most 15 MB. Nothing is saved: the answer fills the load form, with a confidence per field.',
    answer: { status: 200, description: 'The fields read, their confidence and how they were read', content: json(named('ExtractLoadResult', extractLoadResultSchema)) },
    errors: [400, 413, 503],
  },
  {
    method: 'get', path: `/api/${EXTRACT_LAYOUTS_RESOURCE}`, tag: 'Loads', summary: 'The layouts learned from saved loads', access: 'session',
    description: "When a load is saved with a document kept on it, svc-ai learns where the load's values stood in that document's layout, and reads the next document of the layout there first.",
    answer: { status: 200, description: 'Most recently learned first', content: json(z.array(named('ExtractLayout', extractLayoutSchema))) },
    errors: [503],
  },
  { method: 'delete', path: `/api/${EXTRACT_LAYOUTS_RESOURCE}/{id}`, tag: 'Loads', summary: 'Forget a learned layout', access: 'session', answer: { status: 204, description: 'Forgotten' }, errors: [400, 404, 503] },
  {
    method: 'post', path: '/api/loads/{id}/documents', tag: 'Loads', summary: 'Keep a document of a load', access: 'session', body: json(documentUploadSchema),
    answer: { status: 201, description: 'The document, without its data', content: json(loadDocument) },
    errors: [400, 404, 413, 503],
  },
  { method: 'get', path: '/api/loads/{id}/documents', tag: 'Loads', summary: "A load's documents", access: 'session', answer: { status: 200, description: 'Without their data', content: json(z.array(loadDocument)) }, errors: [400, 404, 503] },
  {
    method: 'get', path: `/api/${LOAD_BY_NUMBER_PATH}`, tag: 'Loads', summary: 'The load with a load number', access: 'session', query: loadByNumberQuerySchema,
    description: "The load whose number is `loadNumber` (as stored, trimmed), or `load: null`: the load dialog asks it of a dropped document's number, to say at once that the number is taken.",
    answer: { status: 200, description: '`{ load }`: its id, number and status, or null', content: json(loadByNumberSchema) }, errors: [400, 503],
  },
  {
    method: 'get', path: `/api/${LOADS_ATTENTION_PATH}`, tag: 'Loads', summary: "What needs attention at loads' stops", access: 'session',
    description: 'Each load assigned or in transit by its first stop that needs it: the last stop left while the load is not delivered, a stop not reached by its appointment (late), a stop GPS estimates will be (at risk).',
    answer: { status: 200, description: 'Not delivered first, then late, then at risk, the latest first', content: json(z.array(named('StopAttention', stopAttentionSchema))) }, errors: [503],
  },
  // What the carrier is owed beyond the rate (issue 43).
  {
    method: 'get', path: `/api/${LOAD_MESSAGES_UNREAD_PATH}`, tag: 'Loads', summary: "Drivers' messages not read yet", access: 'session',
    description: "Per load with any: the driver's messages no one in the office has read (the Loads row menu's 'Messages (n)').",
    answer: { status: 200, description: 'By load', content: json(named('UnreadLoadMessages', unreadLoadMessagesSchema)) }, errors: [503],
  },
  { method: 'get', path: '/api/loads/{id}/messages', tag: 'Loads', summary: "A load's messages with its driver", access: 'session', description: `Oldest first: the newest ${LOAD_THREAD_MAX}.`, answer: { status: 200, description: 'The thread', content: json(z.array(loadMessage)) }, errors: [404, 503] },
  {
    method: 'post', path: '/api/loads/{id}/messages', tag: 'Loads', summary: "Write to the load's driver", access: 'session', body: json(loadMessageInput),
    description: "The driver app shows it in the load on its next refresh (30 s at most while open). Takes an Idempotency-Key.",
    answer: { status: 201, description: 'The message as kept', content: json(loadMessage) }, errors: [400, 404, 409, 503],
  },
  { method: 'post', path: '/api/loads/{id}/messages/read', tag: 'Loads', summary: "Mark the driver's messages read", access: 'session', answer: { status: 200, description: 'How many were unread', content: { shape: '{ read }' } }, errors: [404, 503] },
  { method: 'get', path: '/api/loads/{id}/charges', tag: 'Charges', summary: "A load's charge lines", access: 'session', answer: { status: 200, description: 'Oldest first', content: json(z.array(charge)) }, errors: [404, 503] },
  {
    method: 'post', path: '/api/loads/{id}/charges', tag: 'Charges', summary: 'Add a charge line to a load', access: 'session', body: json(named('ChargeInput', chargeInputSchema)),
    description: "The amount is quantity x rate, rounded half up to the cent, worked out by the server. A create may leave out `rate` for a code the terms price (DETENTION, LAYOVER, TONU, STOP_OFF, FUEL_SURCHARGE): the terms that apply to the load give it. A stop or document must be the load's. One DETENTION and one STOP_OFF line per stop.",
    answer: { status: 201, description: 'The line as stored', content: json(charge) }, errors: [400, 404, 409, 413, 503],
  },
  {
    method: 'patch', path: '/api/loads/{id}/charges/{chargeId}', tag: 'Charges', summary: 'Change a charge line (approve, deny, edit)', access: 'session', body: json(named('ChargeChanges', changes(chargeInputSchema))),
    answer: { status: 200, description: 'The line as stored, its amount worked out again', content: json(charge) }, errors: [400, 404, 409, 413, 503],
  },
  { method: 'delete', path: '/api/loads/{id}/charges/{chargeId}', tag: 'Charges', summary: 'Delete a charge line', access: 'session', answer: { status: 204, description: 'Deleted' }, errors: [404, 503] },
  {
    method: 'get', path: `/api/loads/{id}/${CHARGE_TERMS_PATH}`, tag: 'Charges', summary: 'The charge terms that apply to a load', access: 'session',
    answer: { status: 200, description: "Its customer's own terms where it has them, else the company's, each with where it comes from", content: json(named('LoadChargeTerms', loadChargeTermsSchema)) }, errors: [404, 503],
  },
  { method: 'get', path: `/api/${CHARGE_TERMS_PATH}`, tag: 'Charges', summary: "The company's charge terms", access: 'session', answer: { status: 200, description: 'The terms (the defaults until saved)', content: json(chargeTerms) }, errors: [503] },
  {
    method: 'put', path: `/api/${CHARGE_TERMS_PATH}`, tag: 'Charges', summary: "Save the company's charge terms", access: 'session', body: json(chargeTerms),
    description: 'The whole of them; a customer may override each field. Audited as `charge-terms`.',
    answer: { status: 200, description: 'The terms as saved', content: json(chargeTerms) }, errors: [400, 503],
  },
  { method: 'get', path: '/api/documents/{id}/download', tag: 'Loads', summary: 'Download a document', access: 'session', answer: { status: 200, description: 'The file, as an attachment named after it, of the type it was kept as', content: { type: '*/*' } }, errors: [400, 404, 503] },
  { method: 'delete', path: '/api/documents/{id}', tag: 'Loads', summary: 'Delete a document', access: 'session', answer: { status: 204, description: 'Deleted' }, errors: [400, 404, 503] },

  // Money.
  { method: 'get', path: `/api/${COMPANY_RESOURCE}`, tag: 'Company', summary: 'The company profile', access: 'session', answer: { status: 200, description: 'The profile, or the defaults until one is saved', content: json(z.union([companyProfile, companyDefaults])) }, errors: [503] },
  {
    method: 'put', path: `/api/${COMPANY_RESOURCE}`, tag: 'Company', summary: 'Save the company profile', access: 'session', body: json(companyProfile),
    answer: { status: 200, description: 'The profile as saved', content: json(companyProfile) }, errors: [400, 503],
  },
  // Factoring (issue 45).
  {
    method: 'get', path: `/api/${FACTORING_RESOURCE}`, tag: 'Factoring', summary: 'The factor', access: 'session',
    description: `The factoring company, where debtors pay it, its notice of assignment and its terms; until saved, no name and ${FACTOR_DEFAULTS.advancePercent}% advance, ${FACTOR_DEFAULTS.feePercent}% fee, ${FACTOR_DEFAULTS.recourseDays} recourse days.`,
    answer: { status: 200, description: 'The factor, or the defaults until one is saved', content: json(z.union([factorSettings, factorDefaults])) }, errors: [503],
  },
  {
    method: 'put', path: `/api/${FACTORING_RESOURCE}`, tag: 'Factoring', summary: 'Save the factor', access: 'session', body: json(factorSettings),
    answer: { status: 200, description: 'The factor as saved', content: json(factorSettings) }, errors: [400, 503],
  },
  {
    method: 'get', path: `/api/${FACTORING_RESOURCE}/invoices`, tag: 'Factoring', summary: 'Invoices of factored customers that could go on a schedule', access: 'session',
    description: 'Not cancelled, on no schedule, with a total; each with the reasons it is not ready yet (none: ready) and its warnings.',
    answer: { status: 200, description: 'Newest first, at most 200', content: json(z.array(named('FactoringInvoice', factoringInvoiceSchema))) }, errors: [503],
  },
  { method: 'get', path: `/api/${FACTORING_RESOURCE}/schedules`, tag: 'Factoring', summary: 'The schedules of accounts', access: 'session', answer: { status: 200, description: 'Newest first', content: json(z.array(schedule)) }, errors: [503] },
  {
    method: 'post', path: `/api/${FACTORING_RESOURCE}/schedules`, tag: 'Factoring', summary: 'Make a schedule of accounts', access: 'session', body: json(named('ScheduleInput', scheduleInputSchema)),
    description: "Numbered SCH-0001, ... Every invoice must be ready: not cancelled, on no schedule, total above 0, of a factored customer, with a rate confirmation and a BOL or POD on its load. Otherwise a 400 names each one and why ('INV-1042: no BOL or POD on load LD-881'), and nothing is made. One delivered more than 60 days ago is accepted with a warning.",
    answer: { status: 201, description: 'The schedule', content: json(schedule) }, errors: [400, 409, 503],
  },
  { method: 'get', path: `/api/${FACTORING_RESOURCE}/schedules/{id}/pdf`, tag: 'Factoring', summary: 'The schedule as a PDF', access: 'session', answer: { status: 200, description: 'Carrier, factor, client number, a row per invoice, the total and the certification line, as an attachment', content: pdf }, errors: [400, 404, 503] },
  { method: 'get', path: `/api/${FACTORING_RESOURCE}/schedules/{id}/csv`, tag: 'Factoring', summary: "The schedule's rows as CSV", access: 'session', answer: { status: 200, description: 'Debtor, invoice number and date, load number, amount', content: csv }, errors: [400, 404, 503] },
  { method: 'get', path: `/api/${FACTORING_RESOURCE}/schedules/{id}/zip`, tag: 'Factoring', summary: 'The schedule, its CSV and a packet per invoice as a ZIP', access: 'session', answer: { status: 200, description: 'As an attachment', content: { type: 'application/zip' } }, errors: [400, 404, 503] },
  {
    method: 'post', path: `/api/${FACTORING_REPORTS_PATH}`, tag: 'Factoring', summary: "Apply a factor's purchase or payment report", access: 'session',
    query: z.object({
      kind: z.enum(['purchase', 'payment']).describe("'purchase': invoice number, advance, fee, reserve (purchase date); 'payment': invoice number, amount paid, reserve released (payment date)"),
      dryRun: importQuery.shape.dryRun,
      mapping: z.string().optional().describe('JSON: field to the column header of the factor, remembered for this kind once applied'),
    }),
    description: `The CSV as a CSV import takes it (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB). Rows are matched to invoices by number and checked against the factor's terms to the cent; unmatched or contradicting rows are listed and nothing is applied until every row is clean. A row applied before (same kind, invoice and amounts) changes nothing.`,
    body: { type: IMPORT_CONTENT_TYPES[0], description: 'The CSV file, a header row first' },
    answer: { status: 200, description: "Each row's entries or errors, and whether it was applied", content: json(named('FactoringReportResult', reportResultSchema)) }, errors: [400, 413, 415, 503],
  },
  {
    method: 'post', path: `/api/${FUEL_IMPORT_PATH}`, tag: 'Fuel', summary: 'Import a fuel card statement', access: 'session',
    query: z.object({
      layout: z.enum([...FUEL_CARD_LAYOUTS, FUEL_MAPPING_LAYOUT]).describe("The statement's layout: the EFS transaction report, WEX, Comdata, the generic template (README: Fuel card statements), or 'mapping': a saved mapping's columns"),
      mapping: z.uuid().optional().describe("With layout 'mapping' (and only then read): the saved mapping's id (GET /api/fuel/mappings)"),
      dryRun: importQuery.shape.dryRun,
    }),
    description: `The CSV as a CSV import takes it (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB). Every line is answered: what it becomes (a fuel purchase, an expense, a driver's deduction) or why it cannot (a unit or driver name that matches nothing), with the GPS check's findings. Nothing is applied while a line cannot be; a line imported before (same layout, card's last four, invoice and item) changes nothing.`,
    body: { type: IMPORT_CONTENT_TYPES[0], description: 'The CSV file, a header row first' },
    answer: { status: 200, description: 'Every line and the totals', content: { shape: '{ layout, dryRun, applied, lines: [{ row, item, becomes, outcome, description, amount, gallons, problems, warnings }], counts, totals: { gallons, purchases, expenses }, errors }' } }, errors: [400, 413, 415, 503],
  },
  {
    method: 'get', path: `/api/${FUEL_MAPPINGS_PATH}`, tag: 'Fuel', summary: 'Saved column mappings of fuel card statements', access: 'session',
    description: "A statement of any other layout is read by a saved mapping: for each field of the generic template, the file's column title that holds it.",
    answer: { status: 200, description: 'By name', content: json(z.array(named('FuelCardMapping', fuelCardMappingSchema))) }, errors: [503],
  },
  {
    method: 'post', path: `/api/${FUEL_MAPPINGS_PATH}`, tag: 'Fuel', summary: 'Save a column mapping of fuel card statements', access: 'session',
    body: json(named('FuelCardMappingInput', fuelCardMappingInputSchema)),
    answer: { status: 201, description: 'The mapping saved', content: json(named('FuelCardMapping', fuelCardMappingSchema)) }, errors: [400, 409, 503],
  },
  { method: 'delete', path: `/api/${FUEL_MAPPINGS_PATH}/{id}`, tag: 'Fuel', summary: 'Delete a saved column mapping', access: 'session', answer: { status: 204, description: 'Deleted' }, errors: [400, 404, 503] },
  {
    method: 'get', path: `/api/${FUEL_FLAGGED_PATH}`, tag: 'Fuel', summary: "Fuel purchases the GPS check flagged", access: 'session',
    answer: { status: 200, description: `Imported purchases of the last ${FUEL_FLAGGED_DAYS} days with a GPS warning, newest first, at most ${FUEL_FLAGGED_MAX}`, content: json(z.array(named('FlaggedFuelPurchase', flaggedFuelPurchaseSchema))) }, errors: [503],
  },
  {
    method: 'get', path: `/api/${FACTORING_REPORTS_PATH}/mapping`, tag: 'Factoring', summary: 'The columns remembered for a kind of report', access: 'session', query: z.object({ kind: z.enum(['purchase', 'payment']) }),
    answer: { status: 200, description: 'Field to column header (empty before any report of the kind)', content: { shape: '{ [field]: header }' } }, errors: [400, 503],
  },
  {
    method: 'get', path: `/api/${FACTORING_RESOURCE}/ledger`, tag: 'Factoring', summary: 'The factoring ledger', access: 'session', query: ledgerQuerySchema,
    description: 'Entries per invoice (advance, fee, reserve, reserveReleased, shortPay, chargeBack) dated from `from` to `to`, and their balances: advanced, fees, reserve held, owed back to the factor.',
    answer: { status: 200, description: 'The ledger', content: json(named('FactoringLedger', ledgerSchema)) }, errors: [400, 503],
  },
  {
    method: 'get', path: '/api/invoices/draft', tag: 'Invoices', summary: "The invoice a delivered load would get", access: 'session', query: invoiceDraftQuerySchema,
    answer: { status: 200, description: "The load's customer, its lines (the line haul and the approved billable charges) and their sum as the subtotal, the charges still waiting for approval, today, and today plus the payment terms", content: json(named('InvoiceDraft', invoiceDraftSchema)) }, errors: [400, 404, 409, 503],
  },
  {
    method: 'get', path: `/api/${OVERDUE_INVOICES_PATH}`, tag: 'Invoices', summary: 'The invoices overdue', access: 'session',
    description: `Sent invoices become overdue by themselves once their due date is past in the company's calendar with a balance left (checked hourly). At most ${OVERDUE_INVOICES_MAX}.`,
    answer: { status: 200, description: 'The longest overdue first', content: json(z.array(named('OverdueInvoice', overdueInvoiceSchema))) }, errors: [503],
  },
  {
    method: 'get', path: `/api/${REMITTANCE_CREDIT_PATH}`, tag: 'Remittances', summary: "A customer's credit", access: 'session',
    query: z.object({ customerId: z.uuid().describe('The customer') }),
    description: 'What their remittances left unapplied, less what later remittances spent: offered on their next one (`creditUsed`).',
    answer: { status: 200, description: 'The credit', content: json(named('CustomerCredit', customerCreditSchema)) }, errors: [400, 503],
  },
  {
    method: 'get', path: `/api/${ACCOUNT_STATEMENT_PATH}`, tag: 'Invoices', summary: "A customer's statement of account as a PDF", access: 'session',
    query: accountStatementQuerySchema,
    description: `Their invoices open as of \`to\` (balances as aging counts them; the company's today when left out), the payments dated from \`from\` (${STATEMENT_PERIOD_DAYS} days before \`to\` when left out) to \`to\`, the balance due and the credit their remittances left.`,
    answer: { status: 200, description: 'As an attachment', content: pdf }, errors: [400, 404, 503],
  },
  {
    method: 'get', path: `/api/${INVOICE_FOR_LOAD_PATH}`, tag: 'Invoices', summary: "A load's invoice", access: 'session', query: z.object({ loadId: z.uuid().describe('The load') }),
    description: "The load's invoice that is not cancelled (a load has one at most), or `invoice: null` when it has none: the load's workspace shows it with its balance.",
    answer: { status: 200, description: '`{ invoice }`: the invoice, or null', content: json(z.object({ invoice: invoiceSchema.nullable() })) }, errors: [400, 503],
  },
  { method: 'get', path: '/api/invoices/{id}/pdf', tag: 'Invoices', summary: 'The invoice as a PDF', access: 'session', answer: { status: 200, description: 'A freight bill (49 CFR 373.103), as an attachment', content: pdf }, errors: [400, 404, 503] },
  { method: 'get', path: '/api/invoices/{id}/packet', tag: 'Invoices', summary: "The invoice and its load's documents as one PDF", access: 'session', answer: { status: 200, description: 'As an attachment', content: pdf }, errors: [400, 404, 503] },
  {
    method: 'get', path: '/api/invoices/{id}/email', tag: 'Invoices', summary: "What 'Send Invoice' would send", access: 'session',
    description: "To the customer's billing e-mail (else its e-mail), from the company's, with the invoice's PDF and packet; `problem` says why it cannot be sent as it is (no `SMTP_URL`, no company e-mail, a cancelled invoice). Nothing is sent.",
    answer: { status: 200, description: 'The e-mail', content: json(named('InvoiceEmail', invoiceEmailSchema)) }, errors: [404, 503],
  },
  {
    method: 'post', path: '/api/invoices/{id}/email', tag: 'Invoices', summary: 'Send the invoice by e-mail', access: 'session', body: json(named('InvoiceEmailInput', invoiceEmailInputSchema)),
    description: `Through the SMTP server in \`SMTP_URL\`, with the invoice's PDF and packet; a draft becomes sent. Every sending, failed ones too, is in the invoice's audit trail (action \`send\`: recipients, attachments, result). 409 without a company e-mail or for a cancelled invoice; 503 without \`SMTP_URL\` or when the server refuses or does not answer (${INVOICE_EMAIL_TIMEOUT_MS / 1000} s at most).`,
    answer: { status: 200, description: 'Sent', content: json(named('InvoiceEmailSent', invoiceEmailSentSchema)) }, errors: [400, 404, 409, 503],
  },
  {
    method: 'get', path: '/api/settlements/draft', tag: 'Settlements', summary: "A driver's pay for a period", access: 'session', query: settlementDraftQuerySchema,
    description: "Each delivered or invoiced load of the period that no other settlement pays, and its pay under the driver's rule (rounded half up to the cent). Nothing is saved.",
    answer: { status: 200, description: 'The draft', content: json(named('SettlementDraft', settlementDraftSchema)) }, errors: [400, 404, 503],
  },
  { method: 'get', path: '/api/settlements/{id}/pdf', tag: 'Settlements', summary: "The driver's statement as a PDF", access: 'session', answer: { status: 200, description: 'As an attachment', content: pdf }, errors: [400, 404, 503] },

  // Compliance and the audit trail.
  { method: 'get', path: `/api/${COMPLIANCE_RESOURCE}`, tag: 'Compliance', summary: 'What needs attention', access: 'session', answer: { status: 200, description: 'Expired first, then missing, then by due date', content: json(z.array(named('ComplianceItem', complianceItemSchema))) }, errors: [503] },
  { method: 'get', path: `/api/${COMPLIANCE_RESOURCE}.csv`, tag: 'Compliance', summary: 'What needs attention, as CSV', access: 'session', answer: { status: 200, description: 'A CSV download', content: csv }, errors: [503] },
  {
    method: 'get', path: `/api/${COMPLIANCE_RESOURCE}.ics`, tag: 'Compliance', summary: 'What needs attention, as a calendar feed', access: 'calendar-key',
    description: 'iCalendar (RFC 5545) for calendar apps, which send no cookie: the key of the link made in Settings is the credential. A missing or wrong key is a 404.',
    answer: { status: 200, description: 'One all-day event per dated item', content: { type: 'text/calendar' } }, errors: [404, 503],
  },
  { method: 'get', path: CALENDAR_FEED_PATH, tag: 'Compliance', summary: 'When the calendar link was made and when it ends', access: 'session', answer: { status: 200, description: '`createdAt` and `expiresAt`, null before any', content: json(named('CalendarFeed', calendarFeedSchema)) } },
  { method: 'post', path: CALENDAR_FEED_PATH, tag: 'Compliance', summary: 'Make a new calendar link', access: 'session', description: `Shown once; the old link stops working. It works ${CALENDAR_FEED_DAYS} days unless renewed, and only while its owner may sign in.`, answer: { status: 201, description: 'The link', content: json(named('CalendarFeedLink', calendarFeedLinkSchema)) } },
  { method: 'delete', path: CALENDAR_FEED_PATH, tag: 'Compliance', summary: 'Revoke the calendar link', access: 'session', description: 'The link stops working at once; no new one is made.', answer: { status: 204, description: 'Revoked (or there was none)' } },
  { method: 'post', path: CALENDAR_FEED_RENEW_PATH, tag: 'Compliance', summary: 'Renew the calendar link', access: 'session', description: `The same link works ${CALENDAR_FEED_DAYS} days from now.`, answer: { status: 200, description: 'When it was made and when it now ends', content: json(named('CalendarFeed', calendarFeedSchema)) }, errors: [404] },
  // IFTA, the quarterly fuel-tax report.
  {
    method: 'get', path: `/api/${IFTA_PATH}`, tag: 'IFTA', summary: "The quarter's fuel-tax return per state", access: 'session', query: iftaReportQuerySchema.extend({ format: z.enum(['json', 'csv']).optional() }),
    description: 'Miles per state from GPS positions (a segment crossing a state line split where it crosses), Diesel per state from fuel purchases, the rates entered for the quarter; `format=csv` gives the rows as a CSV to file from.',
    answer: { status: 200, description: 'The report: JSON, or with `format=csv` a CSV', content: [{ shape: '{ year, quarter, totalMiles, totalTaxableMiles, nonIftaMiles, totalGallons, fleetMpg, totalTaxableGallons, totalNetTaxableGallons, jurisdictions: [{ jurisdiction, status, miles, taxableMiles, taxableGallons, taxPaidGallons, netTaxableGallons, rate, taxDue }], totalTaxDue, missingRates, gaps, problems, warnings: [{ kind, truckId, truckNumber, message }] } (miles to 1 decimal, gallons to 3, money to 2, as text)' }, csv] }, errors: [400, 503],
  },
  {
    method: 'get', path: `/api/${AGING_PATH}`, tag: 'Invoices', summary: 'Receivables aging per customer', access: 'session', query: agingQuerySchema.extend({ format: z.enum(['json', 'csv']).optional() }),
    description: "Each customer's open balances as of `asOf` (the company's today when left out): current, 1-30, 31-60, 61-90 and over 90 days past due, and totals. An invoice counts from its invoice date when sent, overdue or paid, with its balance as of the day (payments dated after it given back).",
    answer: { status: 200, description: 'Who owes the most first: JSON, or with `format=csv` a CSV with a totals row', content: [json(named('AgingReport', agingReportSchema)), csv] }, errors: [400, 503],
  },
  { method: 'get', path: `/api/${IFTA_PATH}/records.csv`, tag: 'IFTA', summary: 'The positions behind the miles, as CSV', access: 'session', query: iftaReportQuerySchema, answer: { status: 200, description: 'Truck number and VIN, time, latitude, longitude, state, miles of the segment ending there (a row per state part of a segment that crosses a state line)', content: csv }, errors: [400, 503] },
  { method: 'get', path: `/api/${IFTA_PATH}/rates`, tag: 'IFTA', summary: "The quarter's tax rates", access: 'session', query: iftaQuarterSchema, answer: { status: 200, description: 'The rates', content: { shape: '{ year, quarter, rates: [{ jurisdiction, rate }] }' } }, errors: [400, 503] },
  {
    method: 'put', path: `/api/${IFTA_PATH}/rates`, tag: 'IFTA', summary: "Replace the quarter's tax rates", access: 'session', query: iftaQuarterSchema, body: json(iftaRatesSchema),
    description: 'The whole list for the quarter: each state once, a rate per gallon as text with up to 4 decimals. Audited.',
    answer: { status: 200, description: 'The rates as saved', content: { shape: '{ year, quarter, rates: [{ jurisdiction, rate }] }' } }, errors: [400, 503],
  },
  {
    method: 'get', path: '/api/audit', tag: 'Audit', summary: 'Who changed what', access: 'session', query: auditQuerySchema,
    description: "One record's history (`resource` and `id`), or the whole trail narrowed by resource, user and time; newest first, 100 entries a page (pass `next` as `after`).",
    answer: { status: 200, description: 'A page of the trail', content: json(named('AuditPage', auditPageSchema)) }, errors: [400, 503],
  },

  ...RESOURCE_ROUTES,
];
