import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AGING_RESOURCE, rpcSubject } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { AgingService } from './aging.service.js';

/** `{root}.accounting.aging.report`: receivables aging as of a day (packages/contracts: reports/aging.ts). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class AgingController {
  constructor(private readonly aging: AgingService) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'accounting', AGING_RESOURCE, 'report'))
  report(@Payload() payload: unknown) {
    return this.aging.report(payload);
  }
}
