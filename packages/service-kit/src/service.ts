import { Controller, Logger, type DynamicModule, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientsModule, MessagePattern, Transport, type MicroserviceOptions } from '@nestjs/microservices';
import { healthSubject, ok, serviceQueue, type ServiceName } from '@tms/contracts';
import { config } from './config.js';

/** The injection token of the NATS client a service publishes its events with. */
export const EVENTS = 'EVENTS';

/** NATS client for events, registered once per service. */
export const eventsClientModule = (): DynamicModule =>
  ClientsModule.register([{ name: EVENTS, transport: Transport.NATS, options: { servers: config.natsUrl } }]);

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

/**
 * Starts a service as a NATS microservice in the queue group named after itself, so N replicas share its work,
 * and stops it cleanly on SIGINT/SIGTERM.
 */
export async function startService(service: ServiceName, module: Type) {
  const name = serviceQueue(service);
  const logger = new Logger(name);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module, {
    transport: Transport.NATS,
    options: { servers: config.natsUrl, queue: name, name },
    logger: ['error', 'warn', 'log'],
  });
  app.enableShutdownHooks();
  await app.listen();
  logger.log(`listening on ${config.natsUrl} in queue group ${name} (subjects ${config.subjectRoot}.${service}.*)`);
  return app;
}


