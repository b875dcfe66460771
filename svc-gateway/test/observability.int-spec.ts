import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Browser } from './support/browser.js';
import { startExternalIssuer, type ExternalIssuer } from './support/external-issuer.js';
import { freePort } from './support/gateway-process.js';
import { startIsolatedSystem, type RunningSystem } from './support/system.js';

/**
 * Logs, metrics and traces of the whole built system, as an operator meets them: JSON log lines carrying the
 * request's id in every part it reaches and no secret, each part's Prometheus series on its HEALTH_PORT, and one
 * trace from the gateway through NATS into svc-core and its Postgres query, exported over OTLP/HTTP (JSON).
 */

interface OtlpSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}

/** A stand-in for an OpenTelemetry collector: takes OTLP/HTTP JSON at /v1/traces and keeps every span. */
async function startOtlpReceiver() {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { scope: { name: string }; spans: Omit<OtlpSpan, 'service' | 'scope'>[] }[];
          }[];
        };
        for (const { resource, scopeSpans } of body.resourceSpans) {
          const service = resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue ?? '';
          for (const { scope, spans: received } of scopeSpans) {
            for (const span of received) spans.push({ service, scope: scope.name, traceId: span.traceId, spanId: span.spanId, parentSpanId: span.parentSpanId, name: span.name });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, spans, stop: () => new Promise((resolve) => server.close(resolve)) };
}

/** Waits (polling, never asserting a duration) until `probe` answers something. */
async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const SESSION_SECRET = randomBytes(24).toString('base64url');
const SECRET_LOOKING = `sk_live_${randomBytes(16).toString('hex')}`;

let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
let issuer: ExternalIssuer;
let system: RunningSystem;
let browser: Browser;
let sessionCookie: string;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${system.url}${path}`, { ...init, headers: { cookie: sessionCookie, origin: system.url, 'content-type': 'application/json', ...init.headers } });

/** A part's Prometheus text from its HEALTH_PORT. */
const metricsOf = async (part: string) => (await fetch(`http://127.0.0.1:${system.healthPorts[part]}/metrics`)).text();

/** The value of the first sample of `name` whose labels match `labels` (a regular expression), else undefined. */
function sample(text: string, name: string, labels = /.*/): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (match && match[1] === name && labels.test(match[2] ?? '')) return Number(match[3]);
  }
  return undefined;
}

/** The log's lines of our parts, each without the supervisor's `[name] ` prefix. */
function partLines(): string[] {
  return readFileSync(system.logFile, 'utf8')
    .split('\n')
    .filter((line) => /^\[(svc-\w+|gateway)\s*\] /.test(line))
    .map((line) => line.replace(/^\[[^\]]+\] /, ''));
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  issuer = await startExternalIssuer({ redirectUri: `${appUrl}/api/callback`, claims: { email: 'observer@example.com', email_verified: true } });
  system = await startIsolatedSystem({
    label: 'observability',
    port,
    healthPorts: true,
    env: {
      APP_URL: appUrl,
      OIDC_ISSUER_URL: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
      SESSION_SECRET,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'debug',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
  });
  browser = new Browser(system.url);
  const login = await browser.request('/api/login');
  await browser.navigate(login.headers.get('location')!);
  const session = browser.cookie('tms.sid');
  if (!session) throw new Error('Signing in gave no session cookie');
  sessionCookie = `tms.sid=${session.value}`;
}, 120_000);

afterAll(async () => {
  // The run's streams and buckets live in the shared NATS server: leave nothing behind. Its subject root is in the
  // subjects svc-core counts.
  const root = /subject="([^".]+)\.core\./.exec((await metricsOf('svc-core').catch(() => '')) ?? '')?.[1];
  await system?.stop();
  await issuer?.stop();
  await receiver?.stop();
  if (root) {
    const nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    const streams = await jetstreamManager(nats);
    for await (const name of streams.streams.names()) if (name.includes(root)) await streams.streams.delete(name);
    await nats.drain();
  }
}, 60_000);

describe('a request through the system', () => {
  let customerId: string;
  let deviceToken: string;

  beforeAll(async () => {
    const created = await api('/api/customers', {
      method: 'POST',
      headers: { 'X-Request-Id': 'abc-123' },
      body: JSON.stringify({ name: 'Observed Freight', email: 'ops@observed.example', phone: '555-0199', address: SECRET_LOOKING, type: 'shipper' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBe('abc-123');
    customerId = ((await created.json()) as { id: string }).id;

    const truck = await api('/api/trucks', { method: 'POST', body: JSON.stringify({ truckNumber: 'OBS-1', type: 'Dry Van', status: 'available', licensePlate: 'OBS-1' }) });
    const truckId = ((await truck.json()) as { id: string }).id;
    const device = await api('/api/devices', { method: 'POST', body: JSON.stringify({ name: 'Observed unit', truckId }) });
    expect(device.status).toBe(201);
    deviceToken = ((await device.json()) as { token: string }).token;
    const position = { latitude: 41.88, longitude: -87.63, timestamp: new Date().toISOString() };
    const posted = await fetch(`${system.url}/api/gps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deviceToken}`, 'X-Request-Id': 'gps-789' },
      body: JSON.stringify([position, { ...position, timestamp: new Date(Date.now() - 1000).toISOString() }]),
    });
    expect(posted.status).toBe(202);
    expect(posted.headers.get('x-request-id')).toBe('gps-789');
    // OsmAnd's token travels in the query string: no log line may show it either.
    const osmand = await fetch(`${system.url}/api/gps/osmand?id=${deviceToken}&lat=41.9&lon=-87.6&timestamp=${Math.floor(Date.now() / 1000) - 5}`);
    expect(osmand.status).toBe(200);
    expect(osmand.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const extracted = await api('/api/extract-load', {
      method: 'POST',
      body: JSON.stringify({ fileType: 'text/plain', fileData: `data:text/plain;base64,${Buffer.from('RATE CONFIRMATION\nLoad # OBS-77\nRate: $1,200.00\n').toString('base64')}` }),
    });
    expect(extracted.status).toBe(200);

    // A sign-in that cannot finish (no sign-in was started): the gateway's own warning about it names the request.
    const forged = await fetch(`${system.url}/api/callback?code=forged&state=forged`, { headers: { 'X-Request-Id': 'signin-456' }, redirect: 'manual' });
    expect(forged.status).toBeGreaterThanOrEqual(400);
  }, 60_000);

  it('answers with the caller\'s X-Request-Id, or a new one when it has none or an unsafe one', async () => {
    const own = await api(`/api/customers/${customerId}`, { headers: { 'X-Request-Id': 'abc-123' } });
    expect(own.headers.get('x-request-id')).toBe('abc-123');
    const none = await api(`/api/customers/${customerId}`);
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await api(`/api/customers/${customerId}`, { headers: { 'X-Request-Id': 'x" injected="1' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves each part\'s Prometheus metrics on its health port, with counts that moved, and not on the public port', async () => {
    const gateway = await metricsOf('gateway');
    expect(sample(gateway, 'http_request_duration_seconds_count', /route="\/api\/:resource",method="POST",status="201"/)).toBeGreaterThanOrEqual(2);
    expect(sample(gateway, 'http_request_duration_seconds_count', /route="\/api\/gps",method="POST",status="202"/)).toBe(1);
    expect(sample(gateway, 'http_request_duration_seconds_bucket', /route="\/api\/gps",method="POST",status="202"/)).toBeDefined();
    expect(sample(gateway, 'tms_gps_positions_accepted_total')).toBe(3);
    expect(sample(gateway, 'process_cpu_seconds_total')).toBeGreaterThan(0);

    const core = await metricsOf('svc-core');
    expect(sample(core, 'tms_nats_request_duration_seconds_count', /subject="[^"]+\.core\.customers\.create",outcome="ok"/)).toBe(1);
    expect(sample(core, 'tms_nats_request_duration_seconds_count', /subject="[^"]+\.core\.customers\.get",outcome="ok"/)).toBeGreaterThanOrEqual(3);
    expect(sample(core, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();

    // A message svc-telematics cannot read is set apart: the dead-letter count moves too.
    const root = /subject="([^".]+)\.core\./.exec(core)![1];
    const nats = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    await jetstream(nats).publish(`${root}.telematics.gps.positions`, 'not positions');
    await nats.drain();
    const telematics = await eventually(async () => {
      const text = await metricsOf('svc-telematics');
      return sample(text, 'tms_gps_positions_stored_total') === 3 && sample(text, 'tms_gps_positions_dead_lettered_total') === 1 ? text : undefined;
    }, 'svc-telematics counting 3 positions stored and 1 dead letter');
    expect(sample(telematics, 'tms_nats_request_duration_seconds_count', /\.telematics\.devices\.create",outcome="ok"/)).toBe(1);

    const ai = await metricsOf('svc-ai');
    expect(sample(ai, 'tms_extraction_queue_length')).toBe(0);
    expect(sample(ai, 'tms_extraction_job_duration_seconds_count', /outcome="read"/)).toBe(1);
    expect(sample(await metricsOf('svc-accounting'), 'process_resident_memory_bytes')).toBeGreaterThan(0);

    expect(await (await fetch(`${system.url}/metrics`)).text()).not.toContain('process_cpu_seconds_total');
  }, 40_000);

  it('traces one request from the gateway through NATS into svc-core and its Postgres query', async () => {
    const served = await eventually(() => receiver.spans.find((span) => span.service === 'svc-core' && /\.core\.customers\.create$/.test(span.name)), 'svc-core\'s span of the create');
    // The gateway's HTTP span ends after its answer, and each part exports its own spans in batches.
    const trace = await eventually(() => {
      const spans = receiver.spans.filter((span) => span.traceId === served.traceId);
      const scopes = new Set(spans.map((span) => span.scope));
      return scopes.has('@opentelemetry/instrumentation-pg') && scopes.has('@opentelemetry/instrumentation-http') ? spans : undefined;
    }, `the create's HTTP and Postgres spans (${JSON.stringify(receiver.spans.filter((span) => span.traceId === served.traceId))})`);
    const byId = new Map(trace.map((span) => [span.spanId, span]));
    // svc-core's span is a child of the gateway's NATS request, itself a child of the gateway's HTTP request.
    const sent = byId.get(served.parentSpanId!);
    expect(sent).toMatchObject({ service: 'svc-gateway', name: expect.stringMatching(/^send .*\.core\.customers\.create$/) });
    expect(byId.get(sent!.parentSpanId!)).toMatchObject({ service: 'svc-gateway', name: 'POST /api/:resource', scope: '@opentelemetry/instrumentation-http' });
    const query = trace.find((span) => span.scope === '@opentelemetry/instrumentation-pg' && span.service === 'svc-core');
    expect(query).toBeDefined();
  }, 40_000);

  it('writes every line as JSON with level, time, part and message; the request\'s id in every part it reached; no secret', async () => {
    const lines = partLines();
    expect(lines.length).toBeGreaterThan(20);
    const entries = lines.map((line) => {
      const entry = JSON.parse(line) as Record<string, unknown>;
      expect(entry).toMatchObject({ level: expect.any(String), time: expect.any(String), part: expect.stringMatching(/^svc-/), msg: expect.any(String) });
      return entry;
    });
    const parts = new Set(entries.filter((entry) => entry.reqId === 'abc-123').map((entry) => entry.part));
    expect([...parts].sort()).toEqual(['svc-core', 'svc-gateway']);
    expect(entries.find((entry) => entry.reqId === 'signin-456')).toMatchObject({ part: 'svc-gateway', context: 'AuthController', msg: expect.stringMatching(/^Sign-in /) });

    const session = decodeURIComponent(sessionCookie.slice('tms.sid='.length));
    const everything = lines.join('\n');
    for (const secret of [sessionCookie.slice('tms.sid='.length), session, /^s:([^.]+)/.exec(session)![1], deviceToken, issuer.clientSecret, SESSION_SECRET, SECRET_LOOKING, 'Observed Freight']) {
      expect(everything).not.toContain(secret);
    }
  });
});
