import { Controller, Get } from '@nestjs/common';
import { healthSubject, SERVICES, type ServiceName } from '@tms/contracts';
import { ServiceClient } from '../services/service-client.js';

/** How long GET /api/health waits for each service's answer (all are asked at once). */
export const HEALTH_TIMEOUT_MS = 2000;

type ServiceState = 'up' | 'down';

@Controller()
export class HealthController {
  constructor(private readonly services: ServiceClient) {}

  /** For load balancers and the start script: the gateway answers HTTP. Public. */
  @Get('healthz')
  healthz() {
    return { status: 'ok' };
  }

  /** Each service's state, from its `{root}.{service}.health` answer. Signed in. */
  @Get('api/health')
  async health() {
    const states = await Promise.all(
      SERVICES.map(async (service): Promise<[ServiceName, ServiceState]> => [
        service,
        (await this.services.isUp(healthSubject(this.services.subjectRoot, service), HEALTH_TIMEOUT_MS)) ? 'up' : 'down',
      ]),
    );
    return {
      status: states.every(([, state]) => state === 'up') ? 'ok' : 'degraded',
      services: { gateway: 'up', ...Object.fromEntries(states) } as Record<'gateway' | ServiceName, ServiceState>,
    };
  }
}
