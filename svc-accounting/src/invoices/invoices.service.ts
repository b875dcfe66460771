import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CANCELLED_INVOICE_STATUS,
  CHARGES_RESOURCE,
  invoiceLinesOf,
  isRecordId,
  fail,
  FIELD_MESSAGES,
  fieldIssues,
  invalidInput,
  INVOICE_MESSAGES,
  invoiceInputSchema,
  INVOICE_RULES,
  invoiceDraftQuerySchema,
  invoiceTotal,
  LOAD_ACCOUNTING_ACTIONS,
  MONEY_RANGE,
  ok,
  parseCents,
  OVERDUE_INVOICES_MAX,
  SYSTEM_ACTOR,
  type Charge,
  type Customer,
  type OverdueInvoice,
  type InvoiceDraft,
  type InvoiceFields,
  type Load,
  type RpcReply,
} from '@tms/contracts';
import { addDays, CrudService, EVENTS, ReferenceHolds, Refusal, ServiceRequests, type Change, type ChangeContext } from '@tms/service-kit';
import { Not, Repository, type EntityManager } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import { LedgerEntryEntity } from '../factoring/ledger-entry.entity.js';
import { PaymentEntity } from '../payments/payment.entity.js';
import { InvoiceEntity } from './invoice.entity.js';
import { billToOf, issuerOf } from './invoice-parties.js';
import { INVOICE_HOLDS } from './invoice.holds.js';
import { INVOICE_CONSTRAINTS } from './invoices.errors.js';

const MONEY_MAX_CENTS = parseCents(MONEY_RANGE.max)!;

/**
 * An invoice bills a load of svc-core to that load's customer: both are held in svc-core while it names them (which
 * proves they exist), and the load is asked for when either changes. Its total is always subtotal + tax, written
 * here; its paid amount grows with its payments (see PaymentsService), and an invoice with payments keeps them: it
 * cannot be deleted; it is edited under its row lock. A load has at most one invoice that is not cancelled, and
 * invoicing a delivered load makes it invoiced; an invoice keeps its bill-to and its carrier as they were when it
 * was issued (`effects`).
 */
@Injectable()
export class InvoicesService extends CrudService<InvoiceEntity, typeof invoiceInputSchema> {
  constructor(
    @InjectRepository(InvoiceEntity) repository: Repository<InvoiceEntity>,
    private readonly services: ServiceRequests,
    holds: ReferenceHolds,
    @Inject(EVENTS) events: ClientProxy,
    private readonly company: CompanyService,
  ) {
    super(repository, events, {
      entity: 'invoice',
      schema: invoiceInputSchema,
      rules: INVOICE_RULES,
      constraints: INVOICE_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      keptBy: [
        { entity: PaymentEntity, field: 'invoiceId', one: 'payment', many: 'payments' },
        // Issue 45: what the factor advanced on it, and what came back.
        { entity: LedgerEntryEntity, field: 'invoiceId', one: 'factoring ledger entry', many: 'factoring ledger entries' },
      ],
      holds: { by: holds, holder: INVOICE_HOLDS },
      // A payment recorded meanwhile changes the paid amount under the same lock: an edit never writes back a paid
      // amount it read before that payment.
      lock: 'row',
    });
  }

  /** The customer must be the load's (503 if svc-core cannot say); a load that does not exist is its hold's to say. */
  protected override async check(fields: Partial<InvoiceFields>, id?: string): Promise<RpcReply<never> | undefined> {
    if (fields.loadId === undefined && fields.customerId === undefined) return undefined;
    const stored = id ? await this.repository.findOneBy({ id }) : null;
    const [loadId, customerId] = [fields.loadId ?? stored?.loadId, fields.customerId ?? stored?.customerId];
    if (!loadId || !customerId) return undefined;
    const load = await this.services.get<Load>('core', 'loads', loadId);
    if (!load.ok) return load.error.code === 'not_found' ? undefined : fail(load.error.code, load.error.message);
    return load.data.customerId === customerId ? undefined : invalidInput({ customerId: [INVOICE_MESSAGES.customerNotLoads] });
  }

  /** Issue 45: an invoice on a schedule of accounts is the factor's to read (its packet is in the schedule's ZIP). */
  protected override async checkDelete(id: string): Promise<RpcReply<never> | undefined> {
    const [scheduled]: { schedule_number: string }[] = await this.repository.query(
      `SELECT s.schedule_number FROM accounting.invoices i JOIN accounting.factoring_schedules s ON s.id = i.schedule_id WHERE i.id = $1`,
      [id],
    );
    if (scheduled) return fail('conflict', INVOICE_MESSAGES.onSchedule(scheduled.schedule_number));
    return super.checkDelete(id);
  }

  /** The number of the load's invoice that is not cancelled, other than `id`. */
  private async otherInvoice(manager: EntityManager, loadId: string, id: string): Promise<string | undefined> {
    const [other]: { invoice_number: string }[] = await manager.query(
      `SELECT invoice_number FROM accounting.invoices WHERE load_id = $1 AND id <> $2 AND status <> $3 ORDER BY created_at, id LIMIT 1`,
      [loadId, id, CANCELLED_INVOICE_STATUS],
    );
    return other?.invoice_number;
  }

  /**
   * The 409 of a load invoiced already; a number taken too (as the unique index compares them, whatever the case) is said under its field in the same answer (the save that
   * would have found it never runs), so the dialog shows both.
   */
  private async alreadyInvoiced(manager: EntityManager, load: Load, invoiceNumber: string, invoice: InvoiceEntity) {
    const message = INVOICE_MESSAGES.loadAlreadyInvoiced(load.loadNumber, invoiceNumber);
    const [taken] = await manager.query(`SELECT 1 FROM accounting.invoices WHERE lower(invoice_number) = lower($1) AND id <> $2 LIMIT 1`, [invoice.invoiceNumber, invoice.id]);
    return fail('conflict', message, { loadId: [message], ...(taken && { invoiceNumber: [INVOICE_MESSAGES.duplicateInvoiceNumber] }) });
  }

  /**
   * Issue 46: the invoice `id`, sent and past due with a balance, becomes overdue, written as the system (the only
   * write the system makes of an invoice). Looked at again under its row lock (`effects`): one paid, cancelled or
   * marked meanwhile is refused (conflict) and left as it is.
   */
  markOverdue(id: string): Promise<RpcReply<InvoiceEntity>> {
    return this.update(id, { status: 'overdue' }, { resource: 'invoices', actor: SYSTEM_ACTOR });
  }

  /** The invoices overdue, the longest overdue first (OverdueInvoice: the Dashboard's Needs Attention). */
  async overdue(): Promise<RpcReply<OverdueInvoice[]>> {
    return this.guard(async () => {
      const rows: OverdueInvoice[] = await this.repository.query(
        `SELECT id, invoice_number AS "invoiceNumber", customer_id AS "customerId", bill_to ->> 'name' AS "customerName",
           to_char(due_date, 'YYYY-MM-DD') AS "dueDate", (total - paid_amount)::numeric(12, 2)::text AS balance,
           ($1::date - due_date) AS "daysOverdue"
         FROM accounting.invoices WHERE status = 'overdue' ORDER BY due_date, id LIMIT $2`,
        [this.company.today(), OVERDUE_INVOICES_MAX],
      );
      return ok(rows);
    });
  }

  /** What an invoice written does beyond itself: it keeps its parties, and bills its load. */
  protected override async effects(manager: EntityManager, change: Change<InvoiceEntity>) {
    if (change.kind === 'delete') return;
    if (change.context.actor?.id === SYSTEM_ACTOR.id) this.stillOverdue(change.before);
    if (change.before) await this.keepPayments(manager, change.record, change.before);
    await this.keepParties(manager, change.record, change.before);
    await this.keepLines(manager, change.record, change.before);
    await this.billLoad(change.record, change.before, change.context);
  }

  /** markOverdue's look under the row lock: the invoice as stored is still sent, past due and not paid in full. */
  private stillOverdue(before: Readonly<InvoiceEntity> | undefined) {
    const factored = before?.factoringState === 'factored' || before?.factoringState === 'paidToFactor'; // the factor's to collect (issue 45)
    const due = before && !factored && before.status === 'sent' && before.dueDate < this.company.today() && parseCents(before.total)! > parseCents(before.paidAmount)!;
    if (!due) throw new Refusal(fail('conflict', 'The invoice is no longer overdue'));
  }

  /**
   * Issue 40, under the invoice's row lock (which every payment of it takes): an edit never takes the paid amount
   * below the payments recorded on the invoice (refused naming their sum), and an invoice with payments is not
   * cancelled (its load could be invoiced again, billing the customer twice): they are refunded or moved first.
   */
  private async keepPayments(manager: EntityManager, invoice: InvoiceEntity, before: Readonly<InvoiceEntity>) {
    const cancelling = invoice.status === CANCELLED_INVOICE_STATUS && before.status !== CANCELLED_INVOICE_STATUS;
    if (!cancelling && invoice.paidAmount === before.paidAmount) return;
    const [{ count, sum }]: { count: number; sum: string }[] = await manager.query(
      `SELECT count(*)::int AS count, coalesce(sum(amount), 0)::numeric(12, 2)::text AS sum FROM accounting.payments WHERE invoice_id = $1`,
      [invoice.id],
    );
    if (cancelling && count > 0) throw new Refusal(invalidInput({ status: [INVOICE_MESSAGES.cancelledWithPayments] }));
    if (parseCents(invoice.paidAmount)! < parseCents(sum)!) throw new Refusal(invalidInput({ paidAmount: [INVOICE_MESSAGES.paidBelowPayments(sum)] }));
  }

  /**
   * Issue 39: an invoice keeps whom it bills and who issues it as they are when it is issued (its bill-to again when
   * its customer changes), so that editing the customer or the company profile later never rewrites it. A profile
   * not saved yet is kept on the invoice's first print.
   */
  private async keepParties(manager: EntityManager, invoice: InvoiceEntity, before?: Readonly<InvoiceEntity>) {
    const kept: Partial<Pick<InvoiceEntity, 'billTo' | 'issuedBy'>> = {};
    if (!before || before.customerId !== invoice.customerId) {
      const customer = await this.services.get<Customer>('core', 'customers', invoice.customerId);
      if (!customer.ok) throw new Refusal(fail(customer.error.code, customer.error.message));
      kept.billTo = billToOf(customer.data);
    }
    if (!before) {
      const profile = await this.company.saved(manager);
      kept.issuedBy = profile && issuerOf(profile);
    }
    if (!Object.keys(kept).length) return;
    await manager.update(InvoiceEntity, { id: invoice.id }, kept);
    Object.assign(invoice, kept);
  }

  /**
   * Issue 43: the lines an invoice bills (the line haul, then each approved billable charge of its load), kept as
   * svc-core has them when it is made or moved to another load: a charge approved, edited or deleted later never
   * rewrites it. svc-core away refuses the write (503) rather than keep an invoice without its lines.
   */
  private async keepLines(manager: EntityManager, invoice: InvoiceEntity, before?: Readonly<InvoiceEntity>) {
    if (before && before.loadId === invoice.loadId) return;
    const billed = await this.linesFor(invoice.loadId);
    if (!billed.ok) throw new Refusal(billed.error.code === 'not_found' ? invalidInput({ loadId: [INVOICE_MESSAGES.loadNotFound] }) : fail(billed.error.code, billed.error.message));
    await manager.update(InvoiceEntity, { id: invoice.id }, { lines: billed.data.lines });
    invoice.lines = billed.data.lines;
  }

  /** The load's lines as an invoice made now would bill them (InvoiceLinesOf), asked of svc-core: the load and its charges. */
  private async linesFor(loadId: string) {
    const [load, charges] = await Promise.all([
      this.services.get<Load>('core', 'loads', loadId),
      this.services.request<Charge[]>('core', CHARGES_RESOURCE, 'list', { loadId }),
    ]);
    if (!load.ok) return load;
    if (!charges.ok) return charges;
    return ok({ load: load.data, ...invoiceLinesOf(load.data, charges.data) });
  }

  /** Whether a write makes the invoice bill its load: a new one, or one moved to another load or taken back from cancelled. */
  private bills(invoice: InvoiceEntity, before?: Readonly<InvoiceEntity>) {
    if (invoice.status === CANCELLED_INVOICE_STATUS) return false;
    // An edit that leaves the load and the billing as they were leaves them alone (an old load's second invoice too).
    return !before || before.loadId !== invoice.loadId || before.status === CANCELLED_INVOICE_STATUS;
  }

  /**
   * Issue 26: a load has at most one invoice that is not cancelled (409 naming it), checked under the load's lock so
   * that two invoices written at once cannot both pass, before the invoice is held or saved (issue 40: of fifty
   * creates at once for one load, each refused one asks svc-core nothing but the load's number, and that while it
   * waits for the lock, never while it holds it).
   */
  protected override async share(manager: EntityManager, invoice: InvoiceEntity, before?: Readonly<InvoiceEntity>) {
    if (!this.bills(invoice, before)) return;
    const [load] = await Promise.all([
      this.services.get<Load>('core', 'loads', invoice.loadId),
      manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`accounting.invoices.load:${invoice.loadId}`]),
    ]);
    const other = await this.otherInvoice(manager, invoice.loadId, invoice.id);
    if (!other) return;
    // A load that does not exist has no invoice: svc-core away is the one failure that can meet one.
    throw new Refusal(load.ok ? await this.alreadyInvoiced(manager, load.data, other, invoice) : fail(load.error.code, load.error.message));
  }

  /**
   * A new invoice for a delivered load makes it invoiced, asked of svc-core before this commits (still under the load's
   * lock), so a refusal there (or svc-core away) writes no invoice. (Were this commit to fail after svc-core's, the load
   * would read invoiced with no invoice: rare, and visible.)
   */
  private async billLoad(invoice: InvoiceEntity, before: Readonly<InvoiceEntity> | undefined, context: ChangeContext) {
    if (before || !this.bills(invoice)) return;
    const marked = await this.services.request<Load>('core', 'loads', LOAD_ACCOUNTING_ACTIONS.markInvoiced, { id: invoice.loadId }, undefined, context.actor);
    if (!marked.ok) throw new Refusal(fail(marked.error.code, marked.error.message));
  }

  /** The load's invoice that is not cancelled (a load has one at most), or null: the load's workspace shows it. */
  async forLoad(payload: unknown): Promise<RpcReply<{ invoice: InvoiceEntity | null }>> {
    const loadId = (payload as { loadId?: unknown } | undefined)?.loadId;
    if (!isRecordId(loadId)) return invalidInput({ loadId: [INVOICE_MESSAGES.loadNotFound] });
    return this.guard(async () =>
      ok({ invoice: (await this.repository.findOne({ where: { loadId, status: Not(CANCELLED_INVOICE_STATUS) }, order: { createdAt: 'DESC' } })) ?? null }),
    );
  }

  /**
   * The invoice a load would get (GET /api/invoices/draft): its customer, its lines and their sum as the subtotal
   * (issue 43), the billable lines still waiting for approval, today, today + the payment terms.
   */
  async draft(payload: unknown): Promise<RpcReply<InvoiceDraft>> {
    const parsed = invoiceDraftQuerySchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { loadId } = parsed.data;
    const billed = await this.linesFor(loadId);
    if (!billed.ok) return billed.error.code === 'not_found' ? fail('not_found', INVOICE_MESSAGES.loadNotFound) : fail(billed.error.code, billed.error.message);
    const { load, lines, subtotal, waitingForApproval } = billed.data;
    return this.guard(async () => {
      const { paymentTermsDays } = await this.company.profile();
      const invoiceDate = this.company.today();
      return ok({ loadId, customerId: load.customerId, subtotal, lines, waitingForApproval, invoiceDate, dueDate: addDays(invoiceDate, paymentTermsDays) });
    });
  }

  /**
   * The total is subtotal + tax, whatever was sent, and must fit an amount; the paid amount is never more than it
   * (issue 40): an edit of the paid amount is refused naming the total, one of the total naming the amount paid.
   */
  protected override derive(invoice: InvoiceEntity, before?: Readonly<InvoiceEntity>) {
    const total = invoiceTotal(invoice.subtotal, invoice.tax)!;
    if (parseCents(total)! > MONEY_MAX_CENTS) {
      return invalidInput({ total: [FIELD_MESSAGES.outOfRange(MONEY_RANGE.min, MONEY_RANGE.max)] });
    }
    invoice.total = total;
    if (parseCents(invoice.paidAmount)! <= parseCents(total)!) return undefined;
    return before && before.paidAmount === invoice.paidAmount
      ? invalidInput({ total: [INVOICE_MESSAGES.totalBelowPaid(invoice.paidAmount)] })
      : invalidInput({ paidAmount: [INVOICE_MESSAGES.paidOverTotal(total)] });
  }
}
