import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { expenseInputSchema } from '@tms/contracts';
import { CrudService, EVENTS, ReferenceHolds } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { ExpenseEntity } from './expense.entity.js';
import { EXPENSE_HOLDS } from './expense.holds.js';
import { EXPENSE_CONSTRAINTS } from './expenses.errors.js';

/** An expense may name the load it was spent on: a load of svc-core, held there (which proves it exists) while it does. */
@Injectable()
export class ExpensesService extends CrudService<ExpenseEntity, typeof expenseInputSchema> {
  constructor(
    @InjectRepository(ExpenseEntity) repository: Repository<ExpenseEntity>,
    holds: ReferenceHolds,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'expense',
      schema: expenseInputSchema,
      constraints: EXPENSE_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      holds: { by: holds, holder: EXPENSE_HOLDS },
    });
  }
}
