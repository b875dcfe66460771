import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { rpcSubject, SETTLEMENT_FILE_ACTIONS, type IdPayload } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { SettlementFilesService } from './settlement-files.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'accounting', 'settlements', action);

/** `{root}.accounting.settlements.{draft|pdf}` (issue 26). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class SettlementFilesController {
  constructor(private readonly files: SettlementFilesService) {}

  @MessagePattern(subject(SETTLEMENT_FILE_ACTIONS.draft))
  draft(@Payload() payload: unknown) {
    return this.files.draft(payload);
  }

  @MessagePattern(subject(SETTLEMENT_FILE_ACTIONS.pdf))
  pdf(@Payload() payload: IdPayload) {
    return this.files.pdf(payload?.id);
  }
}
