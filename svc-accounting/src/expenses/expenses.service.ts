import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { EXPENSE_MESSAGES, expenseInputSchema, fieldIssues, invalidInput, ok, type ExpenseImportAnswer, type ExpenseImportLine, type RpcReply } from '@tms/contracts';
import { applyImport, CrudService, EVENTS, ReferenceHolds, Refusal, type ChangeContext, type WriteFields } from '@tms/service-kit';
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
   * left as they are; unless `dryRun`, the others are created in one transaction with the write pipeline's steps for
   * many records, as a CSV import's rows are (applyImport: parsed by the schema, one INSERT, the audit in one
   * statement), each with its key (a statement imported again changes nothing). They name no load: nothing to hold.
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
          const creates = asked
            .filter((line) => !existing.has(line.key))
            .map(({ key, ...fields }, row) => {
              const parsed = expenseInputSchema.safeParse(fields);
              if (!parsed.success) throw new Refusal(invalidInput(fieldIssues(parsed.error)));
              if (parsed.data.loadId) throw new Refusal(invalidInput({ loadId: [EXPENSE_MESSAGES.loadNotFound] }));
              const record = this.repository.create({ ...parsed.data, importKey: key, id: randomUUID() } as never) as unknown as ExpenseEntity;
              return { row, record, fields: parsed.data as WriteFields };
            });
          if (!creates.length) return { existing, created: [] };
          const applied = await applyImport(this.repository, { creates, updates: [] }, context, {
            transaction: (_ids, step) => step(manager, async () => undefined),
            lockAndRead: async () => undefined,
            effects: (inside, change) => this.effects(inside, change),
          });
          return { existing, created: applied.created.map((record, index) => ({ record, effects: applied.effects[index] ?? {} })) };
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
