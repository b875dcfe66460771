import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IFTA_RESOURCE, rpcSubject } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { IftaFuelService } from './ifta.service.js';

/** `{root}.core.ifta.fuel`: Diesel gallons bought per state in a period (packages/contracts: reports/ifta.ts). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class IftaController {
  constructor(private readonly ifta: IftaFuelService) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'core', IFTA_RESOURCE, 'fuel'))
  fuel(@Payload() payload: unknown) {
    return this.ifta.fuel(payload);
  }
}
