import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FUEL_CHECKS_ACTION, IFTA_RESOURCE, rpcSubject } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { IftaService } from './ifta.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'telematics', IFTA_RESOURCE, action);

/** `{root}.telematics.ifta.{miles|records}`: IFTA's miles per state and gaps, and the positions behind them. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class IftaController {
  constructor(private readonly ifta: IftaService) {}

  @MessagePattern(subject('miles'))
  miles(@Payload() payload: unknown) {
    return this.ifta.miles(payload);
  }

  @MessagePattern(subject('records'))
  records(@Payload() payload: unknown) {
    return this.ifta.records(payload);
  }

  @MessagePattern(subject(FUEL_CHECKS_ACTION))
  fuelChecks(@Payload() payload: unknown) {
    return this.ifta.fuelChecks(payload);
  }
}
