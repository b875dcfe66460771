import type { NestExpressApplication } from '@nestjs/platform-express';
import { Reflector } from '@nestjs/core';
import compression from 'compression';
import type { Express, RequestHandler } from 'express';
import passport from 'passport';
import type { DevIssuer } from './auth/dev-issuer/dev-issuer.js';
import { OriginGuard, refuseForgeable } from './auth/origin.guard.js';
import { refuseSignedOut, SessionGuard } from './auth/session.guard.js';
import { Sessions } from './auth/sessions.js';
import type { GatewayConfig } from './config/gateway-config.js';
import { DOCUMENT_BODY_PATHS, extractBody } from './extract/extract-body.js';
import { deviceRequests, serveDevicesFirst } from './gps/device-requests.js';
import { GpsIngestion } from './gps/gps-ingestion.service.js';
import { AllExceptionsFilter } from './http/all-exceptions.filter.js';
import { mountFrontEnds } from './http/front-ends.js';
import { expressErrorHandler } from './http/http-errors.js';
import { methodNotAllowed } from './http/method-not-allowed.js';
import { observeRequests } from './http/observed-requests.js';
import { jsonBodies } from './http/request-body.js';
import { isCsvImport } from './resources/csv-import.js';
import { securityHeaders } from './http/security-headers.js';
import { API_ROUTES } from './openapi/api-routes.js';
import { DRIVER_API } from '@tms/contracts';

/** Proxies the gateway trusts for X-Forwarded-Proto/-For: private networks (a TLS proxy, a load balancer). */
const TRUSTED_PROXIES = 'loopback, linklocal, uniquelocal';

/**
 * Everything a request meets, in the order it meets it. Express runs middleware in the order it is added; Nest adds
 * its routes when the app starts listening, after all of it, and runs its guards, in the order given, before a route.
 */
export function assemblePipeline(app: NestExpressApplication, { config, devIssuer }: { config: GatewayConfig; devIssuer?: DevIssuer }) {
  const http = app.getHttpAdapter().getInstance() as Express;
  // 1. Devices' GPS ingestion, ahead of express itself: it needs none of what follows (gps/device-requests.ts), and
  //    names and records its own requests. Around all that follows, every other request's id (X-Request-Id), span,
  //    metrics and debug line.
  observeRequests(app.getHttpServer());
  serveDevicesFirst(app.getHttpServer(), deviceRequests(app.get(GpsIngestion)));
  // 2. Express: no X-Powered-By; X-Forwarded-Proto/-For believed from private networks only.
  http.disable('x-powered-by');
  http.set('trust proxy', TRUSTED_PROXIES);
  // 3. Security headers and compression (gzip or br, when the client accepts it) on every answer.
  http.use(securityHeaders(config), compression());
  // 4. A method a served path is not served with: 405 with Allow, from the route table (openapi/api-routes.ts), whose
  //    paths and methods openapi.int-spec.ts holds to what is served. Device routes are answered before this.
  http.use(methodNotAllowed(API_ROUTES.filter((route) => route.access !== 'driver' && !route.path.startsWith(`${DRIVER_API}/`))));
  // 5. The development issuer at /oidc, before any body parser (oidc-provider reads its own bodies).
  if (devIssuer) http.use(devIssuer.path, devIssuer.router);
  // 6. /api: never cached; the session, and passport's user from it.
  http.use('/api', noStore, app.get(Sessions).middleware, passport.initialize(), passport.session());
  // 7. A document's body (up to 15 MB): only from a signed-in user on the app's own origin, checked before a byte of
  //    it is read. Before /api's parser, which then finds the body read and leaves it.
  http.post(DOCUMENT_BODY_PATHS, signedInFromTheApp(config), extractBody);
  // 8. Every other /api body: JSON (any other type is a 415), its size, encoding and depth checked; but where the route
  //    reads its own (a CSV import; the sign-out form, whose body is never read).
  http.use('/api', jsonBodies((req) => isCsvImport(req) || req.originalUrl.split('?')[0] === '/api/logout'));
  // 9. The front ends' files, and the shell's index.html for client-side routes.
  mountFrontEnds(http, config);
  // 10. Plain JSON answers for errors of the above (bad JSON, oversize, session store down).
  http.use(expressErrorHandler);
  // 11. Nest's routes: a foreign origin is refused (403) before the session is looked at (401, unless the route is
  //     @Public()); whatever a route raises is answered by AllExceptionsFilter.
  app.useGlobalGuards(new OriginGuard(config), new SessionGuard(app.get(Reflector)));
  app.useGlobalFilters(new AllExceptionsFilter());
}

const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * The guards' own origin and sign-in checks, made before a document's large body is read: a refused sender's upload is
 * not taken in, and its connection closes after the answer.
 */
function signedInFromTheApp(config: GatewayConfig): RequestHandler {
  return (req, res, next) => {
    try {
      refuseForgeable(req, config);
      refuseSignedOut(req);
      next();
    } catch (refusal) {
      res.setHeader('Connection', 'close');
      next(refusal);
    }
  };
}
