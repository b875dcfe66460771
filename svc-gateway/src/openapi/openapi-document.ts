import { errorAnswerSchema, fieldJsonSchemaOf, INVALID_INPUT, RECORD_ID_PATTERN } from '@tms/contracts';
import { z } from 'zod';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { API_ROUTES, type Access, type ApiRoute, type Content, type ErrorStatus } from './api-routes.js';

type Io = 'input' | 'output';
type JsonSchema = Record<string, unknown>;
/** An OpenAPI object, as JSON. */
type Json = Record<string, unknown>;

const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session of a user signed in through GET /api/login (OIDC).' },
  deviceToken: { type: 'http', scheme: 'bearer', description: 'A device token, made by Register Device (POST /api/devices) and shown once.' },
  deviceTokenInQuery: { type: 'apiKey', in: 'query', name: 'id', description: "The OsmAnd protocol's device identifier: the device token." },
  driverToken: { type: 'http', scheme: 'bearer', description: "A driver's phone token, from opening a pairing link (POST /api/driver/pair), shown once." },
  calendarKey: { type: 'apiKey', in: 'query', name: 'key', description: 'The key of the calendar link made in Settings (POST /api/calendar-feed).' },
};

const SECURITY: Record<Access, Json[]> = {
  session: [{ session: [] }],
  device: [{ deviceToken: [] }, { deviceTokenInQuery: [] }],
  driver: [{ driverToken: [] }],
  'calendar-key': [{ calendarKey: [] }],
  public: [],
};

const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } } };

/** The error answers, each `{ message, issues? }` (contracts' errorAnswerSchema), as the gateway words them. */
const ERROR_ANSWERS: Record<ErrorStatus | 401 | 'forbiddenOrigin', { name: string; description: string; headers?: Json }> = {
  400: { name: 'InvalidInput', description: `Refused input: \`message\` (often '${INVALID_INPUT}') and what is wrong under each field in \`issues\`` },
  401: { name: 'Unauthorized', description: 'Not signed in (or the session ended), or a missing, unknown or revoked device or phone token' },
  403: { name: 'Forbidden', description: "Not allowed: a device naming a truck or driver that is not its own, or a write from another site's page" },
  forbiddenOrigin: { name: 'ForeignOrigin', description: "A write carrying the session cookie from another site's page (its Origin is not the app's)" },
  404: { name: 'NotFound', description: 'No such record' },
  409: { name: 'Conflict', description: 'A unique value taken, or a record other records still name; `message` says which' },
  413: { name: 'TooLarge', description: 'The body is larger than the route takes' },
  415: { name: 'UnsupportedMediaType', description: 'The body is not of a type the route takes' },
  429: { name: 'TooManyRequests', description: 'Too many requests from this device', headers: retryAfter },
  502: { name: 'BadGateway', description: "The service's answer was too large to send" },
  503: { name: 'Unavailable', description: 'A service did not answer in time, or has no room now (then with Retry-After): try again', headers: retryAfter },
};

/** Named schemas' JSON Schemas ($defs of each conversion: those with an id), under the name their io gives them. */
class Schemas {
  readonly components: Record<string, JsonSchema> = {};

  /** A contract's schema as JSON Schema, its named parts referenced from the components. */
  convert(schema: z.ZodType, io: Io): JsonSchema {
    const converted = z.toJSONSchema(schema, options(io)) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = converted;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      this.components[componentName(id, io)] ??= this.relink(definition, io);
    }
    return this.relink(rest, io);
  }

  private relink(schema: JsonSchema, io: Io): JsonSchema {
    return JSON.parse(JSON.stringify(schema), (key, value) =>
      key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/') ? `#/components/schemas/${componentName(value.slice('#/$defs/'.length), io)}` : value,
    ) as JsonSchema;
  }
}

/**
 * zod's JSON Schema of a schema as it is sent (io 'input') or given (io 'output'). A field built by contracts' field
 * builders (a day, an amount of money, an id, an e-mail, a whole number, text) says its own (FieldJsonSchema): the
 * patterns of what the builder takes, which zod cannot read from a transform. Another transform's result has no JSON
 * Schema: an answer describes such a field as it was taken.
 */
function options(io: Io): Parameters<typeof z.toJSONSchema>[1] {
  return {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const field = fieldJsonSchemaOf(zodSchema);
      if (field) {
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, structuredClone(field[io]));
        return;
      }
      const def = zodSchema._zod.def;
      if (io !== 'output' || def.type !== 'pipe' || (def as z.core.$ZodPipeDef).out._zod.def.type !== 'transform') return;
      const { $schema: _dialect, ...taken } = z.toJSONSchema((def as z.core.$ZodPipeDef).in, options(io)) as JsonSchema;
      Object.assign(jsonSchema, taken);
    },
  };
}

/** A body is described as it is sent (io 'input'), an answer as it is given: a name used both ways says which. */
const componentName = (id: string, io: Io) => (io === 'output' || /(Input|Changes)$/.test(id) ? id : `${id}Input`);

function content(described: Content | Content[], io: Io, schemas: Schemas): Json {
  if (Array.isArray(described)) return Object.assign({}, ...described.map((one) => content(one, io, schemas)));
  if ('schema' in described) return { 'application/json': { schema: schemas.convert(described.schema, io) } };
  if ('shape' in described) return { 'application/json': { schema: { type: 'object', description: described.shape } } };
  return { [described.type]: { schema: { ...(described.description ? { description: described.description } : {}) } } };
}

/** The query's parameters: one per property of the contract's object schema. */
function queryParameters(query: z.ZodObject, schemas: Schemas): Json[] {
  const converted = schemas.convert(query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(converted.properties ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: 'query', required: converted.required?.includes(name) ?? false, schema: rest, ...(description ? { description } : {}) };
  });
}

const pathParameters = (path: string): Json[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: name === 'id' || name.endsWith('Id') ? { type: 'string', pattern: RECORD_ID_PATTERN } : { type: 'string' } }));

/** The error answers of a route: its own, and those its access brings. */
function errorAnswers(route: ApiRoute): Json {
  const statuses: (ErrorStatus | 401 | 'forbiddenOrigin')[] = [...(route.errors ?? [])];
  if (route.access === 'session' || route.access === 'device' || route.access === 'driver') statuses.push(401);
  if (route.access === 'session' && route.method !== 'get' && !statuses.includes(403)) statuses.push('forbiddenOrigin');
  return Object.fromEntries(statuses.map((status) => [status === 'forbiddenOrigin' ? 403 : status, { $ref: `#/components/responses/${ERROR_ANSWERS[status].name}` }]));
}

function operation(route: ApiRoute, schemas: Schemas): Json {
  const parameters = [...pathParameters(route.path), ...(route.query ? queryParameters(route.query, schemas) : [])];
  const { status, description, content: answer } = route.answer;
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: SECURITY[route.access],
    ...(parameters.length ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: content(route.body, 'input', schemas) } } : {}),
    responses: {
      [status]: { description, ...(answer ? { content: content(answer, 'output', schemas) } : {}) },
      ...errorAnswers(route),
    },
  };
}

/**
 * The OpenAPI 3.1 document of every route in API_ROUTES, its schemas converted from the contracts' zod schemas (a
 * request body as it may be sent, an answer as it is given). Where two entries name one method and path (POST
 * /api/devices, before the generic create), the first is the one served, as in ROUTES' order.
 */
export function openApiDocument(version: string): Json {
  const schemas = new Schemas();
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of API_ROUTES) {
    const item = (paths[route.path] ??= {});
    item[route.method] ??= operation(route, schemas);
  }
  const errorAnswer = schemas.convert(errorAnswerSchema, 'output');
  const responses = Object.fromEntries(
    Object.values(ERROR_ANSWERS).map(({ name, description, headers }) => [name, { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: errorAnswer } } }]),
  );
  return {
    openapi: '3.1.1',
    info: {
      title: 'TMS API',
      version,
      description:
        'Every route of the TMS gateway. Staff sign in through OIDC (GET /api/login) and send the session cookie; a ' +
        "write (POST, PUT, PATCH, DELETE) must come from the app's own origin (an Origin header). Devices send their token. " +
        'Every error answers `{ message, issues? }`.',
    },
    tags: [...new Set(API_ROUTES.map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: { schemas: schemas.components, responses, securitySchemes: SECURITY_SCHEMES },
  };
}
