import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { Express, RequestHandler } from 'express';
import { HttpException } from '@nestjs/common';
import passport from 'passport';
import type { DevIssuer } from '../auth/dev-issuer/dev-issuer.js';
import type { Sessions } from '../auth/sessions.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { mountFrontEnds } from './front-ends.js';
import { expressErrorHandler } from './http-errors.js';
import { jsonBody } from './json-body.js';
import { requestIsForgeable } from './origin.guard.js';
import { DOCUMENT_BODY_PATHS, extractBody } from '../extract/extract-body.js';
import { deviceRequests, serveDevicesFirst } from '../gps/device-requests.js';
import { GpsIngestion } from '../gps/gps-ingestion.service.js';
import { securityHeaders } from './security-headers.js';

/** Proxies the gateway trusts for X-Forwarded-Proto/-For: private networks (a TLS proxy, a load balancer). */
export const TRUSTED_PROXIES = 'loopback, linklocal, uniquelocal';

/**
 * Everything in front of the Nest routes, in this order (express runs middleware in the order it is added, and
 * Nest adds its routes when the app starts listening):
 *  0. devices' GPS ingestion, ahead of express itself: it needs none of what follows (device-requests.ts);
 *  1. security headers and compression (gzip or br, when the client accepts it) for every answer;
 *  2. the development issuer at /oidc, before any body parser (oidc-provider reads its own bodies);
 *  3. for /api: no caching, the session and passport's user, then the body: a document's (up to 15 MB) only from a
 *     signed-in user on the app's own origin, checked before a byte of it is read; else the JSON body (size,
 *     encoding and depth checked);
 *  4. the front ends' static files and the shell fallback;
 *  5. plain JSON answers for errors of the above (bad JSON, oversize, session store down).
 */
export function configureHttp(
  app: NestExpressApplication,
  { config, sessions, devIssuer }: { config: GatewayConfig; sessions: Sessions; devIssuer?: DevIssuer },
) {
  serveDevicesFirst(app.getHttpServer(), deviceRequests(app.get(GpsIngestion)));
  const http = app.getHttpAdapter().getInstance() as Express;
  http.disable('x-powered-by');
  http.set('trust proxy', TRUSTED_PROXIES);
  http.use(securityHeaders(config), compression());
  if (devIssuer) http.use(devIssuer.path, devIssuer.router);
  http.use(
    '/api',
    (_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
    sessions.middleware,
    passport.initialize(),
    passport.session(),
  );
  // Before /api's parser: a document's body may be larger than other routes' (which /api's parser then leaves alone).
  http.post(DOCUMENT_BODY_PATHS, signedInFromTheApp(config), extractBody);
  http.use('/api', ...jsonBody);
  mountFrontEnds(http, config);
  http.use(expressErrorHandler);
}

/**
 * The document routes' Origin and sign-in checks (the guards' own), made before their large body is read: a refused
 * sender's upload is not taken in, and its connection closes after the answer.
 */
function signedInFromTheApp(config: GatewayConfig): RequestHandler {
  return (req, res, next) => {
    const refusal = requestIsForgeable(req, config) ? 403 : req.user ? undefined : 401;
    if (refusal === undefined) return next();
    res.setHeader('Connection', 'close');
    next(new HttpException({ message: refusal === 403 ? 'Forbidden' : 'Unauthorized' }, refusal));
  };
}
