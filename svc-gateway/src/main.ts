import 'reflect-metadata';
import './observed.js';
import type { Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { exitCleanlyOnSignals, serveOperations, SettingError } from '@tms/service-kit';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { externalClient } from './auth/oidc-issuer.js';
import { loadConfig, type GatewayConfig } from './config/gateway-config.js';
import { GATEWAY_DIR } from './config/gateway-dir.js';
import { assemblePipeline } from './pipeline.js';
import { CompanySettings } from './driver/company-settings.js';
import { listenForDrivers } from './driver/driver-origin.js';
import { ServiceClient } from './services/service-client.js';
import { NATS_CONNECTION } from './nats/nats.module.js';

const logger = new Logger('svc-gateway');

// The gateway relays large answers: a 1,000-row list arrives as a 288 KB NATS message, read in 64 KB socket chunks and
// gathered into a growing buffer, about 1 MB of buffers per request. V8 counts the buffers not yet collected against
// the old generation's room, and with its default growth (a limit 1.7x the live heap, here) that room ran out every
// ~15 requests: it marked the whole heap ten times a second, and such a list's 95th percentile was 20 ms against 11.
// A limit of three times the live heap (about 110 MB) leaves them room.
setFlagsFromString('--heap-growing-percent=200');

async function startDevIssuer(config: GatewayConfig) {
  const { createDevIssuer, warnDevelopmentIssuer } = await import('./auth/dev-issuer/dev-issuer.js');
  warnDevelopmentIssuer(config);
  return createDevIssuer(config);
}

async function bootstrap() {
  const config = loadConfig(process.env, GATEWAY_DIR);
  if (config.developmentSessionSecret) {
    logger.warn('SESSION_SECRET is not set: session cookies are signed with a fixed DEVELOPMENT secret. Set SESSION_SECRET.');
  }
  // Loaded only when used: oidc-provider has no business in a production process.
  const devIssuer = config.oidc.kind === 'development' ? await startDevIssuer(config) : undefined;
  const oidcClient = devIssuer ? devIssuer.client : await externalClient(config);
  if (!devIssuer) logger.log(`Signing in with the OIDC issuer ${oidcClient.issuer}`);
  const { domains, emails } = config.allowedSignIns;
  if (!devIssuer && !domains.length && !emails.length) {
    logger.warn('OIDC_ALLOWED_DOMAINS and OIDC_ALLOWED_EMAILS are empty: anyone with an account at the issuer may sign in.');
  }

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, oidcClient), {
    bodyParser: false,
    forceCloseConnections: true,
    abortOnError: false,
  });
  assemblePipeline(app, { config, devIssuer });
  exitCleanlyOnSignals(app, logger);
  limitSlowClients(app.getHttpServer());
  await app.listen(config.port);
  logger.log(`svc-gateway listening on ${config.appUrl} (port ${config.port})`);
  // The driver app's own origin (issue 44): its files and the driver API, nothing of the staff app's.
  const services = app.get(ServiceClient);
  const drivers = await listenForDrivers(config, services, new CompanySettings(services), app.get(NATS_CONNECTION));
  limitSlowClients(drivers);
  app.getHttpServer().once('close', () => drivers.close());
  if (config.healthPort) {
    serveOperations(config.healthPort);
    logger.log(`metrics on port ${config.healthPort} (/metrics)`);
  }
}

/**
 * A client that sends slowly holds a socket and its buffers: its headers must arrive within HEADERS_TIMEOUT_MS, its
 * whole request (a 15 MB document included) within REQUEST_TIMEOUT_MS, and a socket with nothing going either way
 * closes after IDLE_TIMEOUT_MS: longer than the longest wait for an answer (EXTRACT_TIMEOUT_MS's default, 60 s).
 * A kept-alive connection waits KEEP_ALIVE_TIMEOUT_MS for its next request: longer than clients keep an idle one
 * (Node's agents 5 s, load balancers 60 s), so that the client closes it first; at Node's own 5 s a request sent as
 * the server closed the connection was reset (ECONNRESET), now and then, in the browser tests' API calls.
 */
const HEADERS_TIMEOUT_MS = 15_000;
const REQUEST_TIMEOUT_MS = 120_000;
const IDLE_TIMEOUT_MS = 75_000;
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function limitSlowClients(server: Server) {
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.setTimeout(IDLE_TIMEOUT_MS);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
}

bootstrap().catch((error: unknown) => {
  // A bad setting stops the start with its message alone, which names the setting (never a secret's value).
  logger.error(error instanceof SettingError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
