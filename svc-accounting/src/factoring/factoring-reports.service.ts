import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  centsToMoney,
  FACTORING_MESSAGES,
  factoringReportInputSchema,
  invalidInput,
  ok,
  parseCents,
  paymentEntries,
  purchaseEntries,
  REPORT_FIELD_LABELS,
  REPORT_REQUIRED,
  reportColumns,
  reportMappingSchema,
  type LedgerEntryKind,
  type ReportKind,
  type ReportResult,
  type ReportRow,
  type RpcReply,
} from '@tms/contracts';
import { changedValues, CrudService, EVENTS, readCsvRows, recordChange, type ChangeContext, type CsvFile, type CsvRow } from '@tms/service-kit';
import { createHash } from 'node:crypto';
import { Repository, type EntityManager } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { FactorSettingsService } from './factor-settings.service.js';
import { FactoringReportEntity } from './factoring-report.entity.js';
import { LedgerService } from './ledger.service.js';

/** A row as it would be applied: its entries, and what it does to its invoice. */
interface PlannedRow extends ReportRow {
  invoice?: InvoiceEntity;
  rowKey?: string;
  entryDate?: string;
  state?: InvoiceEntity['factoringState'];
}

const money = (text: string | undefined) => {
  const trimmed = (text ?? '').trim().replace(/^\$/, '').replaceAll(',', '');
  return trimmed === '' ? undefined : parseCents(trimmed);
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Issue 45, point 4: a factor's purchase or payment report (POST /api/factoring/reports, a CSV as the CSV import
 * takes it). Columns are matched by name, by the titles factors write, or by the mapping given (remembered with the
 * report once applied: the next report of its kind is read by it). Rows are matched to invoices by number, and each
 * is checked against the factor's terms (contracts' factoring-ledger.ts): unmatched or contradicting rows are listed
 * and nothing is applied until every row is clean. Applying is one transaction, under the invoices' row locks, the
 * rows planned again under them: the report, its ledger entries and the invoices' states, each through the write
 * pipeline (or, for an invoice, in its audit trail, as a payment changes one).
 *
 * Idempotent by a key per row: its kind, invoice and amounts (not its date: a left-out date is the day applied).
 * A factor's reports often repeat rows already reported, in new files with other rows and columns; a whole file's
 * hash would let such a repeated row be applied again, a row's key does not. A row applied before is 'applied' and
 * writes nothing; a report all of whose rows were applied writes nothing at all.
 */
@Injectable()
export class FactoringReportsService extends CrudService<FactoringReportEntity, typeof factoringReportInputSchema> {
  constructor(
    @InjectRepository(FactoringReportEntity) repository: Repository<FactoringReportEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly ledger: LedgerService,
    private readonly settings: FactorSettingsService,
    private readonly company: CompanyService,
  ) {
    super(repository, events, { entity: 'factoring report', schema: factoringReportInputSchema, constraints: {}, order: { createdAt: 'DESC' } });
  }

  /** The columns last used for a kind of report (empty before any). */
  async mapping(kind: ReportKind): Promise<Record<string, string>> {
    const [last] = await this.repository.find({ where: { kind }, order: { createdAt: 'DESC' }, take: 1 });
    return last?.mapping ?? {};
  }

  async mappingOf(payload: unknown): Promise<RpcReply<Record<string, string>>> {
    const kind = (payload as { kind?: unknown } | null)?.kind;
    if (kind !== 'purchase' && kind !== 'payment') return invalidInput({ kind: [FACTORING_MESSAGES.kind] });
    return this.guard(async () => ok(await this.mapping(kind)));
  }

  async report(file: CsvFile, kind: ReportKind, dryRun: boolean, given: unknown, context: ChangeContext): Promise<RpcReply<ReportResult>> {
    let asked: Record<string, string> | undefined;
    if (given !== undefined && given !== null && given !== '') {
      let parsed: unknown;
      try {
        parsed = typeof given === 'string' ? JSON.parse(given) : given;
      } catch {
        return invalidInput({ mapping: [FACTORING_MESSAGES.mapping] });
      }
      const mapping = reportMappingSchema.safeParse(parsed);
      if (!mapping.success) return invalidInput({ mapping: [FACTORING_MESSAGES.mapping] });
      asked = mapping.data;
    }
    return this.guard(async () => {
      const mapping = asked ?? (await this.mapping(kind));
      const columns = reportColumns(kind, mapping);
      const read = await readCsvRows(file, Object.keys(columns.titles!), columns);
      if ('refused' in read) return read.refused;
      const result = (rows: ReportRow[], errors: string[], applied: boolean): ReportResult => ({ kind, dryRun, applied, rows, errors, mapping });
      const missing = REPORT_REQUIRED[kind].filter((field) => read.rows.length && !(field in read.rows[0].values));
      const fileErrors = [...missing.map((field) => FACTORING_MESSAGES.missingColumn(REPORT_FIELD_LABELS[field])), ...read.errors.map((error) => `Row ${error.row}: ${error.message}`)];
      if (fileErrors.length) return ok(result([], fileErrors, false));
      const clean = (rows: PlannedRow[]) => rows.every((row) => row.outcome !== 'error');
      const visible = (rows: PlannedRow[]) => rows.map(({ row, invoiceNumber, outcome, entries, errors }) => ({ row, invoiceNumber, outcome, entries, errors }));
      if (dryRun) {
        const planned = await this.plan(this.repository.manager, kind, read.rows);
        return ok(result(visible(planned), clean(planned) ? [] : [FACTORING_MESSAGES.notClean], false));
      }
      let outcome: { planned: PlannedRow[]; written: Awaited<ReturnType<LedgerService['createWithin']>>[]; report?: Awaited<ReturnType<FactoringReportsService['createWithin']>>; changed: InvoiceEntity[] };
      try {
        outcome = await this.repository.manager.transaction(async (manager) => {
          const planned = await this.plan(manager, kind, read.rows, true);
          if (!clean(planned)) throw new PlanRefused(planned);
          const fresh = planned.filter((row) => row.outcome === 'apply');
          if (!fresh.length) return { planned, written: [], changed: [] };
          const report = await this.createWithin(manager, { kind, rowCount: read.rows.length, mapping }, context);
          const written = [];
          const changed = [];
          for (const row of fresh) {
            for (const entry of row.entries) {
              written.push(
                await this.ledger.createWithin(
                  manager,
                  { invoiceId: row.invoice!.id, invoiceNumber: row.invoice!.invoiceNumber, kind: entry.kind, amount: entry.amount, entryDate: row.entryDate!, reportId: report.record.id, rowKey: row.rowKey! },
                  { ...context, resource: 'factoring-ledger' },
                ),
              );
            }
            changed.push(await setFactoringState(manager, context, row.invoice!, row.state!, kind === 'purchase' ? row.entryDate! : undefined));
          }
          return { planned, written, report, changed };
        });
      } catch (error) {
        if (error instanceof PlanRefused) return ok(result(visible(error.planned), [FACTORING_MESSAGES.notClean], false));
        throw error;
      }
      if (outcome.report) await this.announceCreated([outcome.report]);
      await this.ledger.announceCreated(outcome.written);
      for (const invoice of outcome.changed) this.announce('updated', invoice, 'invoice');
      return ok(result(visible(outcome.planned), [], outcome.written.length > 0));
    });
  }

  /** Each row's entries or errors, against the invoices as stored (`lock`: under their row locks, for applying). */
  private async plan(manager: EntityManager, kind: ReportKind, rows: CsvRow[], lock = false): Promise<PlannedRow[]> {
    const numbers = [...new Set(rows.map((row) => (row.values.invoiceNumber ?? '').trim().toLowerCase()).filter(Boolean))];
    let query = manager.createQueryBuilder(InvoiceEntity, 'i').where('lower(i.invoice_number) IN (:...numbers)', { numbers }).orderBy('i.id');
    if (lock) query = query.setLock('for_no_key_update');
    const found: InvoiceEntity[] = numbers.length ? await query.getMany() : [];
    const byNumber = new Map(found.map((invoice) => [invoice.invoiceNumber.toLowerCase(), invoice]));
    const keys = new Set<string>(
      found.length
        ? (await manager.query(`SELECT DISTINCT row_key FROM accounting.factoring_ledger_entries WHERE invoice_id = ANY($1::uuid[])`, [found.map((invoice) => invoice.id)])).map((row: { row_key: string }) => row.row_key)
        : [],
    );
    const purchases = await this.purchases(manager, kind === 'payment' ? found.map((invoice) => invoice.id) : []);
    const factor = await this.settings.settings();
    const today = this.company.today();
    const seen = new Map<string, number>();
    for (const row of rows) {
      const number = (row.values.invoiceNumber ?? '').trim().toLowerCase();
      if (number) seen.set(number, (seen.get(number) ?? 0) + 1);
    }
    return rows.map(({ row, values }) => {
      const invoiceNumber = (values.invoiceNumber ?? '').trim();
      const planned: PlannedRow = { row, invoiceNumber, outcome: 'error', entries: [], errors: [] };
      const errors = planned.errors;
      if (!invoiceNumber) {
        errors.push(FACTORING_MESSAGES.required(REPORT_FIELD_LABELS.invoiceNumber));
        return planned;
      }
      const amounts: Record<string, bigint> = {};
      for (const field of REPORT_REQUIRED[kind].filter((name) => name !== 'invoiceNumber')) {
        const cents = money(values[field]);
        if (cents === undefined) errors.push(values[field]?.trim() ? FACTORING_MESSAGES.notMoney(REPORT_FIELD_LABELS[field]) : FACTORING_MESSAGES.required(REPORT_FIELD_LABELS[field]));
        else amounts[field] = cents;
      }
      const dateField = kind === 'purchase' ? 'purchaseDate' : 'paymentDate';
      const date = (values[dateField] ?? '').trim();
      if (date && !DAY.test(date)) errors.push(`${REPORT_FIELD_LABELS[dateField]} must be a day, YYYY-MM-DD`);
      planned.entryDate = date || today;
      if ((seen.get(invoiceNumber.toLowerCase()) ?? 0) > 1) errors.push(FACTORING_MESSAGES.repeatedRow(invoiceNumber));
      const invoice = byNumber.get(invoiceNumber.toLowerCase());
      if (!invoice) errors.push(FACTORING_MESSAGES.unmatched(invoiceNumber));
      if (errors.length || !invoice) return planned;
      planned.invoice = invoice;
      planned.invoiceNumber = invoice.invoiceNumber;
      const theirs = Object.fromEntries(Object.entries(amounts).map(([field, cents]) => [field, centsToMoney(cents)]));
      planned.rowKey = rowKey(kind, invoice.id, theirs);
      if (keys.has(planned.rowKey)) return { ...planned, outcome: 'applied' };
      const entries: { kind: LedgerEntryKind; amount: string }[] = [];
      if (kind === 'purchase') {
        if (!invoice.scheduleId) errors.push(FACTORING_MESSAGES.notSold(invoice.invoiceNumber));
        else if (invoice.factoringState) errors.push(FACTORING_MESSAGES.alreadyPurchased(invoice.invoiceNumber));
        else {
          const ours = purchaseEntries(invoice.total, factor.advancePercent, factor.feePercent);
          for (const field of ['advance', 'fee', 'reserve'] as const) {
            if (theirs[field] !== ours[field]) errors.push(FACTORING_MESSAGES.contradicts(REPORT_FIELD_LABELS[field], theirs[field], ours[field]));
            entries.push({ kind: field, amount: ours[field] });
          }
          planned.state = 'factored';
        }
      } else {
        const bought = purchases.get(invoice.id);
        if (invoice.factoringState === 'chargedBack') errors.push(FACTORING_MESSAGES.chargedBack(invoice.invoiceNumber));
        else if (invoice.factoringState === 'paidToFactor') errors.push(FACTORING_MESSAGES.alreadyPaid(invoice.invoiceNumber));
        else if (invoice.factoringState !== 'factored' || !bought) errors.push(FACTORING_MESSAGES.notPurchased(invoice.invoiceNumber));
        else if (amounts.paid > parseCents(invoice.total)!) errors.push(FACTORING_MESSAGES.overFace(theirs.paid, invoice.total));
        else {
          const ours = paymentEntries(invoice.total, theirs.paid, bought);
          if (theirs.reserveReleased !== ours.reserveReleased) errors.push(FACTORING_MESSAGES.contradicts(REPORT_FIELD_LABELS.reserveReleased, theirs.reserveReleased, ours.reserveReleased));
          if (ours.shortPay !== '0.00') entries.push({ kind: 'shortPay', amount: ours.shortPay });
          entries.push({ kind: 'reserveReleased', amount: ours.reserveReleased });
          planned.state = 'paidToFactor';
        }
      }
      return errors.length ? planned : { ...planned, entries, outcome: 'apply' };
    });
  }

  /** Each purchased invoice's purchase entries (advance, fee, reserve), as the ledger has them. */
  private async purchases(manager: EntityManager, ids: string[]) {
    const bought = new Map<string, { advance: string; fee: string; reserve: string }>();
    if (!ids.length) return bought;
    const rows: { invoice_id: string; kind: 'advance' | 'fee' | 'reserve'; amount: string }[] = await manager.query(
      `SELECT invoice_id, kind, amount::text AS amount FROM accounting.factoring_ledger_entries WHERE invoice_id = ANY($1::uuid[]) AND kind IN ('advance', 'fee', 'reserve')`,
      [ids],
    );
    for (const { invoice_id, kind, amount } of rows) bought.set(invoice_id, { ...(bought.get(invoice_id) ?? { advance: '0.00', fee: '0.00', reserve: '0.00' }), [kind]: amount });
    return bought;
  }
}

/** A report row's key: its kind, its invoice and its amounts (see FactoringReportsService). */
export const rowKey = (kind: string, invoiceId: string, amounts: Record<string, string>) =>
  `${kind}:${invoiceId}:${createHash('sha256').update(JSON.stringify(Object.entries(amounts).sort())).digest('hex').slice(0, 32)}`;

/** A report some of whose rows turned out not clean under the invoices' locks: nothing of it is written. */
class PlanRefused extends Error {
  constructor(readonly planned: PlannedRow[]) {
    super('The report has rows that are not clean');
  }
}

/**
 * Where an invoice stands with the factor, written in the transaction of what changed it (a report, a charge-back)
 * and recorded in the invoice's own audit trail, as a payment's change of an invoice is (PaymentsService).
 */
export async function setFactoringState(manager: EntityManager, context: ChangeContext, invoice: InvoiceEntity, state: NonNullable<InvoiceEntity['factoringState']>, factoredOn?: string) {
  const before = await manager.findOneByOrFail(InvoiceEntity, { id: invoice.id });
  await manager.update(InvoiceEntity, { id: invoice.id }, { factoringState: state, ...(factoredOn ? { factoredOn } : {}) });
  const after = await manager.findOneByOrFail(InvoiceEntity, { id: invoice.id });
  await recordChange(manager, { ...context, resource: 'invoices' }, 'update', invoice.id, changedValues(before, after));
  return after;
}

