import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { osmandPosition, osmandToken, traccarJson } from '@tms/contracts';
import { REQUEST_ID_HEADER, requestIdFrom } from '@tms/service-kit';
import { answerForError } from '../http/http-errors.js';
import { carriesBody, isJson, JSON_LIMIT_BYTES, mediaType, parseJsonBody, readBody, refuse } from '../http/request-body.js';
import { recordRequest, requestStart } from '../http/observed-requests.js';
import { GpsIngestion } from './gps-ingestion.service.js';

export const GPS_PATH = '/api/gps';
export const OSMAND_PATH = '/api/gps/osmand';
/** The routes answered here, ahead of express: the API reference describes each (openapi/api-routes.ts). */
export const DEVICE_ROUTES = [
  { method: 'POST', path: GPS_PATH },
  { method: 'GET', path: OSMAND_PATH },
  { method: 'POST', path: OSMAND_PATH },
] as const;
/** OsmAnd's form bodies are a handful of short parameters. */
const FORM_LIMIT_BYTES = 16 * 1024;

/** The token of `Authorization: Bearer <token>`. */
const bearer = (authorization: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

/**
 * A device's body: JSON (an object or an array, as /api takes it), a form for OsmAnd, none, or a 415. OsmAnd's bodies
 * (a form, or Traccar Client's JSON of one position) are small, and read before the device is known: 16 KB at most.
 */
async function readDeviceBody(req: IncomingMessage, osmand: boolean): Promise<unknown> {
  const json = isJson(req);
  const form = osmand && mediaType(req) === 'application/x-www-form-urlencoded';
  if (!json && !form) {
    req.resume();
    // A body of another type is refused, never read as none (OsmAnd's positions may come in the query alone).
    if (carriesBody(req)) throw refuse.notJson();
    return undefined;
  }
  const text = (await readBody(req, osmand ? FORM_LIMIT_BYTES : JSON_LIMIT_BYTES)).toString('utf8');
  return json ? parseJsonBody(text) : { ...parseQuery(text) };
}

/**
 * Answers a device: JSON, never cached, never sniffed; errors worded as every other route words them. The request's
 * id (the caller's X-Request-Id or a new one) goes to `step` and into the answer's headers, given at once to writeHead:
 * a header set before it (setHeader) makes Node take every other header again, one by one, on the busiest route.
 */
async function answer(req: IncomingMessage, res: ServerResponse, route: string, status: number, step: (requestId: string) => Promise<unknown>) {
  const start = requestStart();
  const requestId = requestIdFrom(req.headers['x-request-id']);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    [REQUEST_ID_HEADER]: requestId,
  };
  let text: string;
  try {
    text = JSON.stringify(await step(requestId));
  } catch (error) {
    const refused = answerForError(error, requestId);
    if (refused.retryAfterSeconds !== undefined) headers['Retry-After'] = String(refused.retryAfterSeconds);
    status = refused.status;
    text = JSON.stringify(refused.body);
    // Refused before its body was read: the connection closes after the answer instead of taking the rest.
    if (!req.complete) headers.Connection = 'close';
  }
  headers['Content-Length'] = String(Buffer.byteLength(text));
  res.writeHead(status, headers).end(text);
  recordRequest(req, start, route, String(status), requestId);
}

/**
 * Device ingestion, answered before anything else the gateway does for staff: a device has no session and no page,
 * so the security headers of pages, compression, the session store, passport, express and Nest's pipeline are of
 * no use to it, and this is the busiest route of the product. Each request carries its device's token, which
 * GpsIngestion checks in memory. Answers true when the request was a device's.
 */
export function deviceRequests(ingestion: GpsIngestion): (req: IncomingMessage, res: ServerResponse) => boolean {
  /** Spec 5's ingestion rule: one position or a batch of up to 1,000; 202 once JetStream has stored them. */
  const post = (req: IncomingMessage, res: ServerResponse) =>
    answer(req, res, GPS_PATH, 202, async (requestId) => {
      const device = ingestion.admit(bearer(req.headers.authorization));
      return ingestion.ingest(device, await readDeviceBody(req, false), requestId);
    });

  /**
   * The OsmAnd protocol of Traccar Client and OsmAnd phones: the token is the `id` parameter (the app's device
   * identifier), the position in the query (GET or POST), a form body, or Traccar Client's JSON.
   */
  const osmand = (req: IncomingMessage, res: ServerResponse, query: string) =>
    answer(req, res, OSMAND_PATH, 200, async (requestId) => {
      const queryParams = parseQuery(query);
      // A token in the query or header admits the device before its body is read; Traccar's JSON carries its own.
      const early = osmandToken(queryParams) ?? bearer(req.headers.authorization);
      let device = early === undefined ? undefined : ingestion.admit(early);
      const body = await readDeviceBody(req, true);
      const json = traccarJson(body);
      const form = typeof body === 'object' && body !== null && !Array.isArray(body) && !json ? (body as Record<string, unknown>) : {};
      const params = { ...form, ...queryParams };
      device ??= ingestion.admit(json?.token ?? osmandToken(params));
      await ingestion.ingest(device, json ? json.position : osmandPosition(params), requestId);
      return { accepted: 1 };
    });

  return (req, res) => {
    const url = req.url ?? '';
    const queryAt = url.indexOf('?');
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    const route = DEVICE_ROUTES.find((device) => device.path === path && device.method === req.method);
    if (!route) return false;
    if (route.path === GPS_PATH) void post(req, res);
    else void osmand(req, res, queryAt < 0 ? '' : url.slice(queryAt + 1));
    return true;
  };
}

/**
 * Puts device requests ahead of the app's own request listener (express, under Nest, and the request observer around
 * it) on the HTTP server.
 */
export function serveDevicesFirst(server: Server, devices: (req: IncomingMessage, res: ServerResponse) => boolean) {
  const app = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!devices(req, res)) for (const listener of app) listener(req, res);
  });
}
