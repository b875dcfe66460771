import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { exitCleanlyOnSignals } from '@tms/service-kit';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import { externalClient } from './auth/oidc-issuer.js';
import { Sessions } from './auth/sessions.js';
import { ConfigError, loadConfig, type GatewayConfig } from './config/gateway-config.js';
import { GATEWAY_DIR } from './config/gateway-dir.js';
import { configureHttp } from './http/http-edge.js';

const logger = new Logger('svc-gateway');

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

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, oidcClient), {
    bodyParser: false,
    forceCloseConnections: true,
    abortOnError: false,
  });
  configureHttp(app, { config, sessions: app.get(Sessions), devIssuer });
  exitCleanlyOnSignals(app, logger);
  await app.listen(config.port);
  logger.log(`svc-gateway listening on ${config.appUrl} (port ${config.port})`);
}

bootstrap().catch((error: unknown) => {
  logger.error(error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
