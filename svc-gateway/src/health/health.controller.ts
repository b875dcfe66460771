import { Controller, Get } from '@nestjs/common';
import { healthSubject, SERVICES, type ServiceName } from '@tms/contracts';
import { Public } from '../http/public.decorator.js';
import { ServiceClient } from '../services/service-client.js';

/** How long GET /api/health waits for each service's answer (all are asked at once). */
export const HEALTH_TIMEOUT_MS = 2000;

type ServiceState = 'up' | 'down';

@Controller()
export class HealthController {
  constructor(private readonly services: ServiceClient) {}

  /** For load balancers and the start script: the gateway answers HTTP. */
  @Public()
  @Get('healthz')
  healthz() {
    return { status: 'ok' };
  }

  /**
   * Each service's state, from its `{root}.{service}.health` answer, and the GPS positions svc-telematics could not
   * store (its dead-letter stream) when it reports them. Signed in.
   */
  @Get('api/health')
  async health() {
    const answers = await Promise.all(
      SERVICES.map(async (service) => [service, await this.services.health(healthSubject(this.services.subjectRoot, service), HEALTH_TIMEOUT_MS)] as const),
    );
    const states = answers.map(([service, answer]): [ServiceName, ServiceState] => [service, answer ? 'up' : 'down']);
    const deadLettered = answers.find(([service]) => service === 'telematics')?.[1]?.deadLetteredPositions;
    return {
      status: states.every(([, state]) => state === 'up') ? 'ok' : 'degraded',
      services: { gateway: 'up', ...Object.fromEntries(states) } as Record<'gateway' | ServiceName, ServiceState>,
      ...(typeof deadLettered === 'number' ? { gps: { deadLetteredPositions: deadLettered } } : {}),
    };
  }
}
