import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { expenseInputSchema, invalidInput, ok, type ExpenseImportAnswer, type ExpenseImportLine, type RpcReply } from '@tms/contracts';
import { CrudService, EVENTS, ReferenceHolds, Refusal, type ChangeContext } from '@tms/service-kit';
import { In, Repository } from 'typeorm';
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

  /**
   * A fuel card statement's expenses (issue 48), each keyed by its line: the keys imported before are answered and
   * left as they are; unless `dryRun`, the others are created in one transaction, each through the write pipeline
   * (they name no load, so hold nothing), with its key (a statement imported again changes nothing).
   */
  async importLines(payload: unknown, context: ChangeContext): Promise<RpcReply<ExpenseImportAnswer>> {
    const { dryRun, lines } = (payload ?? {}) as { dryRun?: unknown; lines?: unknown };
    if (typeof dryRun !== 'boolean') return invalidInput({ dryRun: ["dryRun must be 'true' or 'false'."] });
    if (!Array.isArray(lines) || lines.some((line) => typeof (line as ExpenseImportLine)?.key !== 'string')) return invalidInput({ lines: ['lines must be a list of keyed expenses'] });
    const asked = lines as ExpenseImportLine[];
    const existingIn = async (manager = this.repository.manager) =>
      new Set((await manager.find(ExpenseEntity, { select: { importKey: true }, where: { importKey: In(asked.map((line) => line.key)) } })).map((expense) => expense.importKey!));
    return this.guard(async () => {
      if (dryRun || !asked.length) return ok({ existing: [...(await existingIn())], created: 0 });
      try {
        const { existing, created } = await this.repository.manager.transaction(async (manager) => {
          const existing = await existingIn(manager);
          const created = [];
          for (const { key, ...fields } of asked.filter((line) => !existing.has(line.key))) {
            const made = await this.createWithin(manager, fields, context);
            await manager.update(ExpenseEntity, { id: made.record.id }, { importKey: key });
            made.record.importKey = key;
            created.push(made);
          }
          return { existing, created };
        });
        await this.announceCreated(created);
        return ok({ existing: [...existing], created: created.length });
      } catch (error) {
        if (error instanceof Refusal) return error.reply;
        throw error;
      }
    });
  }
}
