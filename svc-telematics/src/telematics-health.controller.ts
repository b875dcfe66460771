import { Controller, Logger } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, ok, serviceQueue } from '@tms/contracts';
import { config } from '@tms/service-kit';
import { DeadLetters } from './positions/dead-letters.js';

/**
 * `{root}.telematics.health`: up, and how many positions were set apart in the dead-letter stream (refused by
 * Postgres, or never written): anything above 0 is for an operator to look at. null when JetStream cannot say.
 */
@Controller()
export class TelematicsHealthController {
  private readonly logger = new Logger('Health');

  constructor(private readonly deadLetters: DeadLetters) {}

  @MessagePattern(healthSubject(config.subjectRoot, 'telematics'))
  async health() {
    const deadLetteredPositions = await this.deadLetters.count().catch((error: unknown) => {
      this.logger.warn(`Counting dead letters: ${String(error)}`);
      return null;
    });
    return ok({ service: serviceQueue('telematics'), status: 'up', deadLetteredPositions });
  }
}
