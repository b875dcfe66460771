import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ACCOUNT_STATEMENT_ACTION, AGING_RESOURCE, rpcSubject } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { AccountStatementService } from './account-statement.service.js';
import { AgingService } from './aging.service.js';

/**
 * `{root}.accounting.aging.report`: receivables aging as of a day; `.statement`: a customer's statement of account
 * as a PDF (packages/contracts: reports/aging.ts).
 */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class AgingController {
  constructor(
    private readonly aging: AgingService,
    private readonly statements: AccountStatementService,
  ) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'accounting', AGING_RESOURCE, 'report'))
  report(@Payload() payload: unknown) {
    return this.aging.report(payload);
  }

  @MessagePattern(rpcSubject(config.subjectRoot, 'accounting', AGING_RESOURCE, ACCOUNT_STATEMENT_ACTION))
  statement(@Payload() payload: unknown) {
    return this.statements.pdf(payload);
  }
}
