import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { EXPENSE_MESSAGES, expenseInputSchema, type ExpenseFields } from '@tms/contracts';
import { CrudService, EVENTS, ServiceRequests } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { ExpenseEntity } from './expense.entity.js';
import { EXPENSE_CONSTRAINTS } from './expenses.errors.js';

/** An expense may name the load it was spent on: a load of svc-core, asked for over NATS when written. */
@Injectable()
export class ExpensesService extends CrudService<ExpenseEntity, typeof expenseInputSchema> {
  constructor(
    @InjectRepository(ExpenseEntity) repository: Repository<ExpenseEntity>,
    private readonly services: ServiceRequests,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'expense',
      schema: expenseInputSchema,
      constraints: EXPENSE_CONSTRAINTS,
      order: { createdAt: 'DESC' },
    });
  }

  protected override check(fields: Partial<ExpenseFields>) {
    return this.services.refuseMissing([
      { field: 'loadId', service: 'core', resource: 'loads', id: fields.loadId, message: EXPENSE_MESSAGES.loadNotFound },
    ]);
  }
}
