import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { EXPENSE_IMPORT_ACTION, rpcSubject } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor } from '@tms/service-kit';
import { ExpensesService } from './expenses.service.js';

/** `{root}.accounting.expenses.import-lines` (issue 48): a fuel card statement's expenses, asked by svc-core. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class ExpenseImportsController {
  constructor(private readonly expenses: ExpensesService) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'accounting', 'expenses', EXPENSE_IMPORT_ACTION))
  importLines(@Payload() payload: unknown, @Ctx() context: NatsContext) {
    return this.expenses.importLines(payload, { resource: 'expenses', actor: actorOf(context) });
  }
}
