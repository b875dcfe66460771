import { dirname, join } from 'node:path';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isImportable, RESOURCE_OWNERS } from '@tms/contracts';
import { chromium } from 'playwright-core';
import { AppModule } from '../src/app.module.js';
import type { GatewayConfig } from '../src/config/gateway-config.js';
import type { OidcClientSettings } from '../src/auth/oidc-issuer.js';
import { DEVICE_ROUTES } from '../src/gps/device-requests.js';
import { DRIVER_ROUTES } from '../src/driver/driver-origin.js';
import { sharedSystem, signIn, type RunningSystem } from './support/system.js';

/**
 * The API reference (GET /api/openapi.json, GET /api/docs) of the built gateway: a valid OpenAPI 3.1 document that
 * describes exactly the routes the gateway serves, so a new route without its description fails here.
 */
let system: RunningSystem;
let cookie: string;
let document: any;

beforeAll(async () => {
  system = await sharedSystem();
  cookie = await signIn(system.url, 'integrator@example.com');
  const answer = await fetch(`${system.url}/api/openapi.json`, { headers: { cookie } });
  expect(answer.status).toBe(200);
  document = await answer.json();
}, 120_000);

afterAll(async () => {
  await system?.stop();
}, 30_000);

type Imported = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => Type };

/** Every controller of the app's module tree, read from Nest's metadata as Nest reads it when it starts. */
function controllersOf(root: Imported, seen = new Set<unknown>()): Type[] {
  if (root instanceof Promise) throw new Error('An asynchronous module: read its routes some other way');
  const module = 'forwardRef' in root ? root.forwardRef() : root;
  if (seen.has(module)) return [];
  seen.add(module);
  const dynamic = 'module' in module ? (module as DynamicModule) : undefined;
  const type = dynamic ? dynamic.module : (module as Type);
  const controllers: Type[] = [...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) ?? []), ...(dynamic?.controllers ?? [])];
  const imports: Imported[] = [...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) ?? []), ...(dynamic?.imports ?? [])];
  return [...controllers, ...imports.flatMap((imported) => controllersOf(imported, seen))];
}

const joined = (...parts: string[]) => `/${parts.map((part) => part.replace(/^\/|\/$/g, '')).filter(Boolean).join('/')}`;

/** `METHOD /path` of every route Nest serves, `:param` written `{param}` as OpenAPI writes it. */
function nestRoutes(): string[] {
  const app = AppModule.forRoot({} as GatewayConfig, {} as OidcClientSettings);
  return [...new Set(controllersOf(app))].flatMap((controller) => {
    const base: string = Reflect.getMetadata(PATH_METADATA, controller);
    return Object.getOwnPropertyNames(controller.prototype).flatMap((name) => {
      const handler = controller.prototype[name];
      const path: string | undefined = Reflect.getMetadata(PATH_METADATA, handler);
      if (name === 'constructor' || path === undefined) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      return [`${method} ${joined(base, path).replace(/:(\w+)/g, '{$1}')}`];
    });
  });
}

/** A generic route once per resource it serves: `{resource}` is each of RESOURCE_OWNERS, the import those importable. */
function expanded(route: string): string[] {
  if (!route.includes('{resource}')) return [route];
  return Object.keys(RESOURCE_OWNERS)
    .filter((resource) => !route.endsWith('/import') || isImportable(resource))
    .map((resource) => route.replace('{resource}', resource));
}

const described = () =>
  Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));

test('is a valid OpenAPI 3.1 document', async () => {
  const validator = new Validator();
  const result = await validator.validate(document);
  expect(result.errors).toBeUndefined();
  expect(result.valid).toBe(true);
  expect(validator.version).toBe('3.1');
});

test("describes every route the gateway serves, and none it does not: Nest's routes and the devices' routes", () => {
  const served = [...nestRoutes().flatMap(expanded), ...[...DEVICE_ROUTES, ...DRIVER_ROUTES].map(({ method, path }) => `${method} ${path}`)];
  expect(served).toContain('GET /api/loads/{id}');
  expect(served).toContain('POST /api/gps');
  expect(new Set(described())).toEqual(new Set(served));
});

test('says what a load needs: the create schema requires the fields the spec requires, and refused input answers 400 with issues', () => {
  const create = document.paths['/api/loads'].post;
  const schema = document.components.schemas[create.requestBody.content['application/json'].schema.$ref.split('/').pop()];
  expect(schema.required).toEqual(
    expect.arrayContaining(['loadNumber', 'customerId', 'status', 'pickupLocation', 'pickupDate', 'deliveryLocation', 'deliveryDate', 'rate']),
  );
  expect(schema.required).not.toContain('weight');
  expect(schema.properties.status.enum).toEqual(['pending', 'assigned', 'in-transit', 'delivered', 'invoiced']);
  const invalid = document.components.responses[create.responses['400'].$ref.split('/').pop()];
  expect(Object.keys(invalid.content['application/json'].schema.properties)).toEqual(['message', 'issues']);
  // An update takes any subset of the fields, and nothing else.
  const update = document.components.schemas[document.paths['/api/loads/{id}'].patch.requestBody.content['application/json'].schema.$ref.split('/').pop()];
  expect(update.required).toBeUndefined();
  expect(update.additionalProperties).toBe(false);
});

/** The JSON Schema the document gives an answer, `#/components/...` resolved against the document's components. */
function answerSchema(path: string, method: string, status: number) {
  let answer = document.paths[path][method].responses[status];
  if (answer.$ref) answer = document.components.responses[answer.$ref.split('/').pop()];
  return { components: document.components, ...answer.content['application/json'].schema };
}

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
async function expectDescribed(answer: Response, path: string, method: string) {
  const body = await answer.json();
  const validate = ajv.compile(answerSchema(path, method, answer.status));
  expect([`${method.toUpperCase()} ${path} ${answer.status}`, validate(body) ? [] : validate.errors]).toEqual([`${method.toUpperCase()} ${path} ${answer.status}`, []]);
  return body;
}

test('answers as it says: real answers match the schemas the document gives them', async () => {
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${system.url}${path}`, {
      method,
      headers: { cookie, origin: system.url, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const customer = await expectDescribed(
    await call('POST', '/api/customers', { name: 'Acme Freight', email: 'ap@acme.example', phone: '555-0100', address: '1 Main St, Joliet, IL', type: 'shipper' }),
    '/api/customers',
    'post',
  );
  const fields = { customerId: customer.id, status: 'delivered', pickupLocation: 'Joliet, IL', pickupDate: '2026-11-02', deliveryLocation: 'El Paso, TX', deliveryDate: '2026-11-04', rate: '2975.00' };
  const load = await expectDescribed(await call('POST', '/api/loads', { loadNumber: 'LD-OPENAPI-1', ...fields }), '/api/loads', 'post');
  await expectDescribed(await call('GET', `/api/loads/${load.id}`), '/api/loads/{id}', 'get');
  await expectDescribed(await call('GET', '/api/loads'), '/api/loads', 'get');
  await expectDescribed(await call('PATCH', `/api/loads/${load.id}`, { weight: 42000 }), '/api/loads/{id}', 'patch');
  await expectDescribed(await call('GET', `/api/invoices/draft?loadId=${load.id}`), '/api/invoices/draft', 'get');
  const invoice = await expectDescribed(
    await call('POST', '/api/invoices', { invoiceNumber: 'INV-OPENAPI-1', loadId: load.id, customerId: customer.id, status: 'sent', invoiceDate: '2026-11-05', dueDate: '2026-12-05', subtotal: '2975.00', total: '2975.00' }),
    '/api/invoices',
    'post',
  );
  await expectDescribed(await call('GET', `/api/invoices/${invoice.id}`), '/api/invoices/{id}', 'get');
  await expectDescribed(await call('GET', `/api/audit?resource=loads&id=${load.id}`), '/api/audit', 'get');
  await expectDescribed(await call('GET', '/api/auth/user'), '/api/auth/user', 'get');
  await expectDescribed(await call('GET', '/api/compliance'), '/api/compliance', 'get');
  await expectDescribed(await call('GET', '/api/company'), '/api/company', 'get');
  const profile = { name: 'Openapi Carriers', address: '2 Dock Rd, Joliet, IL', mcNumber: 'MC-123456', paymentTermsDays: 15 };
  await expectDescribed(await call('PUT', '/api/company', profile), '/api/company', 'put');
  await expectDescribed(await call('GET', '/api/company'), '/api/company', 'get');
  const device = await expectDescribed(await call('POST', '/api/devices', { name: 'Tracker 1' }), '/api/devices', 'post');
  expect(device.token).toEqual(expect.any(String));
  await expectDescribed(await call('GET', '/api/devices'), '/api/devices', 'get');
  // Refusals: field messages under `issues`, a conflict, a record that is not there.
  const refused = await expectDescribed(await call('POST', '/api/loads', { loadNumber: 'LD-OPENAPI-2' }), '/api/loads', 'post');
  expect(refused.issues.customerId).toEqual(['Customer is required']);
  await expectDescribed(await call('POST', '/api/loads', { loadNumber: 'LD-OPENAPI-1', ...fields }), '/api/loads', 'post');
  await expectDescribed(await call('GET', '/api/loads/00000000-0000-4000-8000-000000000000'), '/api/loads/{id}', 'get');
}, 60_000);

test('names the credentials: the session cookie for staff, the bearer token (or OsmAnd id) for devices', () => {
  const schemes = document.components.securitySchemes;
  expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'tms.sid' });
  expect(schemes.deviceToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(document.paths['/api/gps'].post.security).toEqual([{ deviceToken: [] }, { deviceTokenInQuery: [] }]);
  expect(document.paths['/api/gps'].post.responses['429'].$ref).toBe('#/components/responses/TooManyRequests');
  expect(document.paths['/api/trucks'].get.security).toEqual([{ session: [] }]);
  expect(document.paths['/api/login'].get.security).toEqual([]);
});

test('needs a signed-in user, like every /api route but sign-in and devices', async () => {
  for (const path of ['/api/openapi.json', '/api/docs', '/api/docs/swagger-ui-bundle.js']) {
    const answer = await fetch(`${system.url}${path}`);
    expect([path, answer.status]).toEqual([path, 401]);
  }
  const unknown = await fetch(`${system.url}/api/docs/package.json`, { headers: { cookie } });
  expect(unknown.status).toBe(404);
});

test('renders the reference in Chromium under its own Content-Security-Policy, which no other page gets', async () => {
  const page = await fetch(`${system.url}/api/docs`, { headers: { cookie } });
  const policy = page.headers.get('content-security-policy')!;
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
  const app = await fetch(`${system.url}/api/health`, { headers: { cookie } });
  expect(app.headers.get('content-security-policy')).not.toContain('sha256-');

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext();
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: system.url }]);
    const tab = await context.newPage();
    const refused: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    const outside: string[] = [];
    tab.on('request', (request) => {
      if (!request.url().startsWith(system.url) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    tab.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await tab.goto(`${system.url}/api/docs`);
    // Past about 126 operations Swagger UI draws only the operations near the screen (as it scrolls), so the first
    // one's summary says the document was read and drawn; one further down would not be drawn yet.
    await tab.getByText('Start signing in').first().waitFor({ timeout: 30_000 });
    await expect(tab.getByText('TMS API').first().isVisible()).resolves.toBe(true);
    // Swagger UI says in a Warning or Errors panel what of the document it cannot use.
    await expect(tab.getByText(/^(Warning|Errors)$/).count()).resolves.toBe(0);
    expect(refused).toEqual([]);
    expect(outside).toEqual([]);
    // Beside the system's log, for a person to look at.
    await tab.screenshot({ path: join(dirname(system.logFile), 'openapi-docs.png') });
  } finally {
    await browser.close();
  }
}, 60_000);
