import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IFTA_RESOURCE, rpcSubject } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { IftaReportService } from './ifta.service.js';

/** `{root}.accounting.ifta.report`: a quarter's IFTA return (packages/contracts: reports/ifta.ts). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class IftaController {
  constructor(private readonly ifta: IftaReportService) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'accounting', IFTA_RESOURCE, 'report'))
  report(@Payload() payload: unknown) {
    return this.ifta.report(payload);
  }
}
