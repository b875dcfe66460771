import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { HttpException, Logger } from '@nestjs/common';
import {
  DOCUMENT_UPLOAD_TTL_MS,
  documentUploadBucket,
  DRIVER_API,
  DRIVER_APP_ACTIONS,
  DRIVER_APP_MESSAGES,
  DRIVER_APP_RESOURCE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  idempotencyKeyOf,
  rpcSubject,
  type DriverRequest,
} from '@tms/contracts';
import { requestIdFrom, REQUEST_ID_HEADER, UploadStore } from '@tms/service-kit';
import type { GatewayConfig } from '../config/gateway-config.js';
import { answerForError, sendAnswer } from '../http/http-errors.js';
import { checkedIdempotencyKey } from '../http/idempotency-key.js';
import { jsonBodies } from '../http/request-body.js';
import { checkedUpload } from '../documents/documents.controller.js';
import { extractBody } from '../extract/extract-body.js';
import type { GatewayNats } from '../nats/nats.module.js';
import { serviceUnavailableMessage } from '../services/rpc-errors.js';
import { methodNotAllowed } from '../http/method-not-allowed.js';
import { DRIVER_API_ROUTES } from '../openapi/api-routes.js';
import { RateLimiter } from '../gps/rate-limiter.js';
import type { ServiceClient } from '../services/service-client.js';
import type { CompanySettings } from './company-settings.js';

/** The driver API's routes (the API reference describes each: openapi/api-routes.ts). */
export const DRIVER_ROUTES = [
  { method: 'POST', path: `${DRIVER_API}/pair` },
  { method: 'GET', path: `${DRIVER_API}/me` },
  { method: 'GET', path: `${DRIVER_API}/loads` },
  { method: 'GET', path: `${DRIVER_API}/loads/{id}` },
  { method: 'POST', path: `${DRIVER_API}/loads/{id}/documents` },
  { method: 'POST', path: `${DRIVER_API}/loads/{id}/messages` },
  { method: 'POST', path: `${DRIVER_API}/loads/{id}/stops/{stopId}/arrived` },
  { method: 'POST', path: `${DRIVER_API}/loads/{id}/stops/{stopId}/departed` },
] as const;

/** How long keeping a document may take svc-core (it moves up to 15 MB between buckets), as for staff uploads. */
const DOCUMENT_KEEP_TIMEOUT_MS = 15000;

/** The phone token of `Authorization: Bearer <token>`. */
const bearer = (authorization: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
/** Only the hash of a token travels beyond this file (svc-core keeps and compares hashes). */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Files a phone must revalidate: they name the hashed bundles, and the service worker decides what is cached. */
const NO_CACHE_FILES = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);
const CONTENT_HASHED = /\.[0-9a-f]{8}\.[a-z]+(\.map)?$/;

/**
 * The driver app's own origin (issue 44), a listener apart from the staff app's: it serves the driver app's files
 * and the driver API, and nothing of the staff app (no session, no sign-in, no staff route or page), while the staff
 * origin serves nothing of this. A phone is known by its token alone, rate-limited per token as devices are.
 */
export function driverOrigin(config: GatewayConfig, services: ServiceClient, company: CompanySettings, nats: GatewayNats): express.Express {
  const app = express();
  const uploads = new UploadStore(documentUploadBucket(services.subjectRoot), DOCUMENT_UPLOAD_TTL_MS, nats.connection());
  const limiter = new RateLimiter(config.gps.ratePerSecond, config.gps.burst);
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Photos being scanned and the signature are drawn from blobs and data URLs.
          imgSrc: ["'self'", 'data:', 'blob:'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(config.driver.appUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      frameguard: { action: 'deny' },
      // The pairing link's code is in the fragment, which no Referer carries; no path leaves the app either.
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: config.driver.appUrl.startsWith('https:') ? { maxAge: 365 * 24 * 60 * 60 } : false,
    }),
    compression(),
    // A method a driver path is not served with: 405 with Allow, as on the staff origin.
    methodNotAllowed(DRIVER_API_ROUTES),
  );

  const api = express.Router();
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // A document (Scan Document, Sign POD) is a data URL up to 15 MB, read as staff uploads are; every other body is JSON.
  api.post('/loads/:id/documents', extractBody);
  api.use(jsonBodies(() => false));
  const call = <T>(action: string, payload: unknown, requestId: string, idempotencyKey?: string, timeoutMs?: number) =>
    services.call<T>('core', rpcSubject(services.subjectRoot, 'core', DRIVER_APP_RESOURCE, action), payload, { requestId, idempotencyKey, timeoutMs });
  const keyOf = (req: Request) => checkedIdempotencyKey(req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()]);

  /** A route for a paired phone: its token's hash, within its rate, to svc-core; an unpaired one is told so (401). */
  const asDriver =
    (step: (driver: DriverRequest, req: Request, requestId: string) => Promise<unknown>, status = 200) =>
    async (req: Request, res: Response, next: NextFunction) => {
      const requestId = requestIdFrom(req.headers['x-request-id']);
      res.setHeader(REQUEST_ID_HEADER, requestId);
      try {
        const token = bearer(req.headers.authorization);
        if (!token) throw new HttpException({ message: DRIVER_APP_MESSAGES.unpaired }, 401);
        const tokenHash = hashOf(token);
        const wait = limiter.take(tokenHash);
        if (wait) {
          res.setHeader('Retry-After', String(wait));
          throw new HttpException({ message: 'Too many requests' }, 429);
        }
        res.status(status).json(await step({ tokenHash }, req, requestId));
      } catch (error) {
        next(unpairedAs401(error));
      }
    };

  api.post('/pair', async (req, res, next) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    try {
      // Codes are guessed no better than tokens (256 bits), but a flood is still turned away per address.
      const wait = limiter.take(`pair:${req.ip}`);
      if (wait) {
        res.setHeader('Retry-After', String(wait));
        throw new HttpException({ message: 'Too many requests' }, 429);
      }
      res.status(201).json(await call('pair', req.body ?? {}, requestId));
    } catch (error) {
      next(error);
    }
  });
  api.get(
    '/me',
    asDriver(async (driver, _req, requestId) => call(DRIVER_APP_ACTIONS.me, { ...driver, showPay: await company.showPayToDrivers(requestId) }, requestId)),
  );
  api.get(
    '/loads',
    asDriver((driver, _req, requestId) => call(DRIVER_APP_ACTIONS.loads, driver, requestId)),
  );
  api.get(
    '/loads/:id',
    asDriver(async (driver, req, requestId) => call(DRIVER_APP_ACTIONS.load, { ...driver, loadId: req.params.id, showPay: await company.showPayToDrivers(requestId) }, requestId)),
  );
  api.post(
    '/loads/:id/documents',
    asDriver(async (driver, req, requestId) => {
      const idempotencyKey = keyOf(req);
      // The checks of staff uploads (svc-gateway/src/documents): fields, data URL, declared size against the bytes.
      const { fields, data } = checkedUpload(req.body);
      let object: string;
      try {
        object = await uploads.put(data, fields.fileType);
      } catch {
        throw new HttpException({ message: serviceUnavailableMessage('core') }, 503);
      }
      try {
        return await call(DRIVER_APP_ACTIONS.document, { ...driver, loadId: String(req.params.id), document: { ...fields, object } }, requestId, idempotencyKey, DOCUMENT_KEEP_TIMEOUT_MS);
      } catch (error) {
        // svc-core takes the object when it keeps it; refused or unanswered, it must not wait for its TTL.
        void uploads.remove(object);
        throw error;
      }
    }, 201),
  );
  api.post(
    '/loads/:id/messages',
    asDriver(async (driver, req, requestId) => {
      const idempotencyKey = keyOf(req);
      return call(DRIVER_APP_ACTIONS.message, { ...driver, loadId: String(req.params.id), body: req.body } satisfies DriverRequest, requestId, idempotencyKey);
    }, 201),
  );
  api.post(
    '/loads/:id/stops/:stopId/:kind',
    asDriver(async (driver, req, requestId) => {
      const idempotencyKey = keyOf(req);
      const request: DriverRequest = { ...driver, loadId: String(req.params.id), stopId: String(req.params.stopId), kind: req.params.kind as DriverRequest['kind'], body: req.body };
      return call(DRIVER_APP_ACTIONS.stamp, request, requestId, idempotencyKey);
    }, 201),
  );
  api.use((_req, _res, next) => next(new HttpException({ message: 'Not found' }, 404)));
  app.use(DRIVER_API, api);

  // The app's files; any other GET path is the app itself (its one page), so a reload keeps working.
  app.use(express.static(config.driver.dist, { index: 'index.html', setHeaders: cacheHeaders }));
  const indexHtml = path.join(config.driver.dist, 'index.html');
  app.get(/^\/(?!api\/).*$/, (req, res, next) => {
    if (path.posix.basename(req.path).includes('.')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml, { cacheControl: false }, (error?: Error) => error && !res.headersSent && next());
  });
  app.use((_req, _res, next) => next(new HttpException({ message: 'Not found' }, 404)));
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => sendAnswer(res, answerForError(error, requestIdFrom(req.headers['x-request-id']))));
  return app;
}

/** svc-core says a token is not (or no longer) paired as 'not found': the phone is told 401 with the same words. */
function unpairedAs401(error: unknown) {
  if (error instanceof HttpException && error.getStatus() === 404) {
    const body = error.getResponse() as { message?: unknown };
    if (body?.message === DRIVER_APP_MESSAGES.unpaired) return new HttpException({ message: DRIVER_APP_MESSAGES.unpaired }, 401);
  }
  return error;
}

function cacheHeaders(res: Response, filePath: string) {
  const name = path.basename(filePath);
  if (NO_CACHE_FILES.has(name)) res.setHeader('Cache-Control', 'no-cache');
  else if (CONTENT_HASHED.test(name)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}

const logger = new Logger('DriverOrigin');

/** Listens on DRIVER_PORT; the server is closed with the gateway. */
export async function listenForDrivers(config: GatewayConfig, services: ServiceClient, company: CompanySettings, nats: GatewayNats): Promise<Server> {
  const server = createServer(driverOrigin(config, services, company, nats));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.driver.port, () => resolve());
  });
  logger.log(`driver app listening on ${config.driver.appUrl} (port ${config.driver.port})`);
  return server;
}
