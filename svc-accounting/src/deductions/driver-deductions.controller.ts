import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { DRIVER_DEDUCTION_IMPORT_ACTION, DRIVER_DEDUCTIONS_RESOURCE, rpcSubject } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor } from '@tms/service-kit';
import { DriverDeductionsService } from './driver-deductions.service.js';

/** `{root}.accounting.driver-deductions.import-lines` (issue 48): a fuel card statement's cash advances, asked by svc-core. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class DriverDeductionsController {
  constructor(private readonly deductions: DriverDeductionsService) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'accounting', DRIVER_DEDUCTIONS_RESOURCE, DRIVER_DEDUCTION_IMPORT_ACTION))
  importLines(@Payload() payload: unknown, @Ctx() context: NatsContext) {
    return this.deductions.importLines(payload, { resource: DRIVER_DEDUCTIONS_RESOURCE, actor: actorOf(context) });
  }
}
