import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  DEFAULT_COMPANY_PROFILE,
  fail,
  FACTORING_MESSAGES,
  invalidInput,
  isRecordId,
  ok,
  scheduleInputSchema,
  sumMoney,
  type FactoringInvoice,
  type RpcReply,
  type Schedule,
} from '@tms/contracts';
import { changedValues, CrudService, EVENTS, recordChange, Refusal, type Change, type WriteFields } from '@tms/service-kit';
import { In, IsNull, Repository, type EntityManager } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { issuerOf } from '../invoices/invoice-parties.js';
import { FactorSettingsService } from './factor-settings.service.js';
import { FactoringScheduleEntity } from './factoring-schedule.entity.js';
import { FactoringReadiness, type Readiness } from './readiness.js';

/** Invoices the drawer offers at most: the newest. */
const OFFERED_MAX = 200;

export const scheduleOf = (entity: FactoringScheduleEntity): Schedule => ({
  id: entity.id, scheduleNumber: entity.scheduleNumber, scheduleDate: entity.scheduleDate, total: entity.total, rows: entity.rows, warnings: entity.warnings,
  createdAt: new Date(entity.createdAt).toISOString(),
});

/**
 * Issue 45, point 3: a schedule of accounts (POST /api/factoring/schedules { invoiceIds }) is made of ready invoices
 * only (FactoringReadiness): any other refuses it all, naming each invoice and why (400), and nothing is made. It is
 * numbered SCH-0001, ... from a sequence, keeps its rows, the factor and the carrier as they are now, and each
 * invoice on it names it (under the invoice's row lock, so no invoice goes on two schedules at once).
 */
@Injectable()
export class FactoringSchedulesService extends CrudService<FactoringScheduleEntity, typeof scheduleInputSchema> {
  /** What `check` found of a create's invoices, for `derive` and `share` (the same `fields` object goes through all three). */
  private readonly found = new WeakMap<object, Readiness[]>();

  constructor(
    @InjectRepository(FactoringScheduleEntity) repository: Repository<FactoringScheduleEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly readiness: FactoringReadiness,
    private readonly settings: FactorSettingsService,
    private readonly company: CompanyService,
  ) {
    super(repository, events, {
      entity: 'schedule',
      schema: scheduleInputSchema,
      constraints: { factoring_schedules_number_key: { field: 'invoiceIds', message: 'Try again: another schedule took this number' } },
      order: { createdAt: 'DESC' },
    });
  }

  /** The invoices the Factoring drawer offers: not cancelled, on no schedule, of factored customers, each with why not yet. */
  async offered(): Promise<RpcReply<FactoringInvoice[]>> {
    return this.guard(async () => {
      const invoices = await this.repository.manager.find(InvoiceEntity, {
        where: { scheduleId: IsNull(), status: In(['draft', 'sent', 'overdue']) },
        order: { createdAt: 'DESC', id: 'ASC' },
        take: OFFERED_MAX,
      });
      const found = await this.readiness.of(invoices.filter((invoice) => invoice.total !== '0.00'));
      if ('failed' in found) return fail(found.failed.code as 'unavailable', found.failed.message);
      return ok(
        found
          .filter(({ factored }) => factored)
          .map(({ invoice, row, reasons, warnings }) => ({
            id: invoice.id, invoiceNumber: invoice.invoiceNumber, invoiceDate: invoice.invoiceDate, customerName: row?.debtorName ?? invoice.billTo?.name ?? null,
            loadNumber: row?.loadNumber ?? null, total: invoice.total, reasons, warnings,
          })),
      );
    });
  }

  /** The schedules, newest first. */
  async schedules(): Promise<RpcReply<Schedule[]>> {
    return this.guard(async () => ok((await this.repository.find({ order: { createdAt: 'DESC', id: 'ASC' }, take: 500 })).map(scheduleOf)));
  }

  async schedule(id: unknown): Promise<RpcReply<Schedule>> {
    const found = await this.get(id);
    return found.ok ? ok(scheduleOf(found.data)) : found;
  }

  async make(payload: unknown, context: Parameters<CrudService<FactoringScheduleEntity, typeof scheduleInputSchema>['create']>[1]): Promise<RpcReply<Schedule>> {
    const made = await this.create(payload, context);
    return made.ok ? ok(scheduleOf(made.data)) : made;
  }

  /** Every invoice asked for must be ready; the factor must be set. */
  protected override async check(fields: Partial<{ invoiceIds: string[] }>): Promise<RpcReply<never> | undefined> {
    const ids = [...new Set(fields.invoiceIds ?? [])];
    if ((await this.settings.settings()).name === '') return invalidInput({ invoiceIds: [FACTORING_MESSAGES.notSet] });
    const invoices = await this.repository.manager.findBy(InvoiceEntity, { id: In(ids) });
    const missing = ids.filter((id) => !invoices.some((invoice) => invoice.id === id));
    const ordered = ids.map((id) => invoices.find((invoice) => invoice.id === id)).filter((invoice): invoice is InvoiceEntity => Boolean(invoice));
    const found = await this.readiness.of(ordered);
    if ('failed' in found) return fail(found.failed.code as 'unavailable', found.failed.message);
    const reasons = [...missing.map((id) => FACTORING_MESSAGES.invoiceNotFound(id)), ...found.flatMap((readiness) => readiness.reasons)];
    if (reasons.length) return fail('invalid', `${FACTORING_MESSAGES.notReady}: ${reasons.join('; ')}`, { invoiceIds: reasons });
    this.found.set(fields, found);
    return undefined;
  }

  /** The schedule's rows, total and warnings, as `check` found its invoices. */
  protected override derive(schedule: FactoringScheduleEntity, _before: unknown, fields: WriteFields) {
    const found = this.found.get(fields) ?? [];
    schedule.rows = found.map(({ row }) => row!);
    schedule.warnings = found.flatMap(({ warnings }) => warnings);
    schedule.total = sumMoney(schedule.rows.map((row) => row.amount));
    return undefined;
  }

  /**
   * Under the invoices' row locks (in id order): none cancelled or put on a schedule since `check` looked; then the
   * number, the day, and the factor and the carrier as they are now.
   */
  protected override async share(manager: EntityManager, schedule: FactoringScheduleEntity) {
    const ids = schedule.rows.map((row) => row.invoiceId).sort();
    const locked = await manager.find(InvoiceEntity, { where: { id: In(ids) }, order: { id: 'ASC' }, lock: { mode: 'for_no_key_update' } });
    const taken = locked.filter((invoice) => invoice.scheduleId || invoice.status === 'cancelled' || invoice.total !== schedule.rows.find((row) => row.invoiceId === invoice.id)?.amount);
    if (taken.length || locked.length !== ids.length) {
      const names = taken.map((invoice) => invoice.invoiceNumber).join(', ');
      throw new Refusal(fail('conflict', `Changed meanwhile: ${names || 'an invoice was deleted'}. Pick the invoices again.`));
    }
    const [{ next }]: { next: string }[] = await manager.query(`SELECT nextval('accounting.factoring_schedule_number_seq')::text AS next`);
    schedule.scheduleNumber = `SCH-${next.padStart(4, '0')}`;
    schedule.scheduleDate = this.company.today();
    const factor = await this.settings.settings();
    schedule.factor = { name: factor.name, clientNumber: factor.clientNumber };
    schedule.issuer = issuerOf((await this.company.saved(manager)) ?? DEFAULT_COMPANY_PROFILE);
  }

  /** Each invoice now names the schedule, in its own audit trail. */
  protected override async effects(manager: EntityManager, change: Change<FactoringScheduleEntity>) {
    if (change.kind !== 'create') return;
    const changed = [];
    for (const row of change.record.rows) {
      const before = await manager.findOneByOrFail(InvoiceEntity, { id: row.invoiceId });
      await manager.update(InvoiceEntity, { id: row.invoiceId }, { scheduleId: change.record.id });
      const after = await manager.findOneByOrFail(InvoiceEntity, { id: row.invoiceId });
      await recordChange(manager, { ...change.context, resource: 'invoices' }, 'update', row.invoiceId, changedValues(before, after));
      changed.push({ entity: 'invoice', record: after });
    }
    return { changed };
  }

  /** A schedule by id, for its files. */
  async stored(id: unknown): Promise<FactoringScheduleEntity | null> {
    return isRecordId(id) ? this.repository.findOneBy({ id }) : null;
  }
}
