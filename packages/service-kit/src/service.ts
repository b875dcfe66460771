import { Controller, Logger, Module, type INestApplicationContext, type INestMicroservice, type LoggerService, type LogLevel, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, ok, serviceQueue, type ServiceName } from '@tms/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { config, withoutCredentials } from './config.js';
import { serveHealthChecks } from './observe/health-checks.js';
import { HELD_REQUESTS_WAIT_MS, NATS_CONNECTION, natsConnectionModule, SharedConnectionServer } from './transport/nats-connection.js';
import { observedLogger } from './observe/observe.js';
import { DeliverableReplySerializer, natsLimits } from './transport/reply-serializer.js';
import { tracing } from './observe/tracing.js';

/**
 * heldRequestsWaitMs: how long a stopping replica waits for the requests it holds to be answered (the others of its
 * queue group take the new ones); 0 answers them from the modules' own shutdown instead (svc-ai: a document may take
 * a minute to read, so its reader is stopped and its caller told to try again).
 */
export interface ServiceOptions {
  heldRequestsWaitMs?: number;
}

/**
 * A service as a NATS microservice, not yet listening: its AppModule under the process's one NATS connection
 * (natsConnectionModule, named after the service), on which it listens in the queue group named after itself, so N
 * replicas share its work, its replies packed by DeliverableReplySerializer (whose list pages a client reads with
 * ServiceReplyDeserializer).
 */
export async function createService(
  service: ServiceName,
  module: Type,
  logger: LogLevel[] | false | LoggerService = ['error', 'warn', 'log'],
  { heldRequestsWaitMs = HELD_REQUESTS_WAIT_MS }: ServiceOptions = {},
): Promise<INestMicroservice> {
  const name = serviceQueue(service);
  @Module({ imports: [natsConnectionModule(name), module] })
  class ServiceModule {}
  // The transport connects at listen(), after the modules are created: it takes the connection they made.
  let app: INestMicroservice | undefined;
  const transport = new SharedConnectionServer({ queue: name, serializer: new DeliverableReplySerializer() }, () => app!.get<NatsConnection>(NATS_CONNECTION), heldRequestsWaitMs);
  app = await NestFactory.createMicroservice(ServiceModule, { strategy: transport, logger });
  return app;
}

/** Every service answers `{root}.{service}.health` so the gateway can report its state. */
export function healthController(service: ServiceName): Type {
  @Controller()
  class HealthController {
    @MessagePattern(healthSubject(config.subjectRoot, service))
    health() {
      return ok({ service: serviceQueue(service), status: 'up' });
    }
  }
  return HealthController;
}

/** Starts a service (createService) and stops it cleanly on SIGINT/SIGTERM; its logs go through observe()'s logger. */
export async function startService(service: ServiceName, module: Type, options: ServiceOptions = {}) {
  const name = serviceQueue(service);
  const logger = new Logger(name);
  const app = await createService(service, module, observedLogger(), options);
  exitCleanlyOnSignals(app, logger);
  await app.listen();
  natsLimits.maxPayload = app.unwrap<NatsConnection>().info?.max_payload ?? natsLimits.maxPayload;
  logger.log(`listening on ${withoutCredentials(config.natsUrl)} in queue group ${name} (subjects ${config.subjectRoot}.${service}.*)`);
  const healthPort = config.healthPort;
  if (healthPort) {
    serveHealthChecks(app, healthPort);
    logger.log(`health checks and metrics on port ${healthPort} (/livez, /readyz, /metrics)`);
  }
  return app;
}

/**
 * On SIGINT/SIGTERM: close the app (shutdown hooks, database, NATS) and exit with 0. A stop we asked for is not a
 * crash: the supervisor restarts processes that exit otherwise (Nest's own hooks re-raise the signal). A close that
 * hangs is cut short after 10 s.
 */
export function exitCleanlyOnSignals(app: INestApplicationContext, logger: Logger) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // Ctrl-C reaches a process twice (from the terminal and from the supervisor): the second must not cut it short.
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: stopping`);
    setTimeout(() => process.exit(1), 10000).unref();
    // Spans still waiting to be exported (tracing on) go out before the exit.
    app.close().then(
      () => tracing.stop().finally(() => process.exit(0)),
      (error: unknown) => {
        logger.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
