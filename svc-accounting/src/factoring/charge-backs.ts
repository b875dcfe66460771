import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { chargeBackEntries, SYSTEM_ACTOR } from '@tms/contracts';
import { addDays, companyTimeZone, dayIn, wholeNumberSetting } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { InvoiceEntity } from '../invoices/invoice.entity.js';
import { FactorSettingsService } from './factor-settings.service.js';
import { setFactoringState } from './factoring-reports.service.js';
import { LedgerService } from './ledger.service.js';

/** How often factored invoices are looked at for recourse: hourly, as overdue invoices are. */
const CHECK_MS = wholeNumberSetting('FACTORING_RECOURSE_CHECK_MS', { fallback: 3_600_000, min: 100 });

/**
 * Issue 45, point 5: an invoice the factor bought and the debtor has not paid within the factor's recourse days of
 * the purchase is charged back by itself, as overdue invoices become overdue (OverdueInvoices): at start and every
 * FACTORING_RECOURSE_CHECK_MS, written as the system. In one transaction under the invoice's row lock (one paid
 * meanwhile is left as it is): the charge-back and the reserve released less the fee (contracts' chargeBackEntries),
 * each a ledger entry through the write pipeline, and the invoice made the carrier's receivable again.
 */
@Injectable()
export class ChargeBacks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChargeBacks');
  private readonly timeZone = companyTimeZone();
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly settings: FactorSettingsService,
  ) {}

  onApplicationBootstrap() {
    this.schedule(0);
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.chargeBackDue()
        .catch((error: unknown) => this.logger.warn(`Charging back factored invoices failed (tried again later): ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => this.schedule(CHECK_MS));
    }, delayMs);
    this.timer.unref();
  }

  /** Charges back what the debtor has not paid within the recourse days at `now`; answers how many. */
  async chargeBackDue(now = new Date()): Promise<number> {
    const today = dayIn(this.timeZone, now);
    const { recourseDays } = await this.settings.settings();
    const lastBoughtDay = addDays(today, -recourseDays - 1);
    const due: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM accounting.invoices WHERE factoring_state = 'factored' AND factored_on <= $1::date ORDER BY factored_on, id`,
      [lastBoughtDay],
    );
    let charged = 0;
    for (const { id } of due) {
      if (this.stopped) break;
      if (await this.chargeBack(id, today)) charged += 1;
    }
    if (charged) this.logger.log(`${charged} factored invoice(s) past the recourse days charged back`);
    return charged;
  }

  private async chargeBack(id: string, today: string): Promise<boolean> {
    const context = { resource: 'factoring-ledger', actor: SYSTEM_ACTOR };
    const done = await this.dataSource.transaction(async (manager) => {
      const invoice = await manager.findOne(InvoiceEntity, { where: { id }, lock: { mode: 'for_no_key_update' } });
      if (invoice?.factoringState !== 'factored') return undefined;
      const bought: { kind: 'advance' | 'fee' | 'reserve'; amount: string }[] = await manager.query(
        `SELECT kind, amount::text AS amount FROM accounting.factoring_ledger_entries WHERE invoice_id = $1 AND kind IN ('advance', 'fee', 'reserve')`,
        [id],
      );
      const purchase = { advance: '0.00', fee: '0.00', reserve: '0.00', ...Object.fromEntries(bought.map((entry) => [entry.kind, entry.amount])) };
      const entries = chargeBackEntries(purchase);
      const written = [];
      for (const kind of ['chargeBack', 'reserveReleased'] as const) {
        written.push(
          await this.ledger.createWithin(
            manager,
            { invoiceId: id, invoiceNumber: invoice.invoiceNumber, kind, amount: entries[kind], entryDate: today, reportId: null, rowKey: `chargeBack:${id}` },
            context,
          ),
        );
      }
      const changed = await setFactoringState(manager, { resource: 'invoices', actor: SYSTEM_ACTOR }, invoice, 'chargedBack');
      return { written, changed };
    });
    if (!done) return false;
    await this.ledger.announceCreated(done.written);
    return true;
  }
}
