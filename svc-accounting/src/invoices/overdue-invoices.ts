import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { companyTimeZone, dayIn, wholeNumberSetting } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { InvoicesService } from './invoices.service.js';

/** How often the invoices are looked at: hourly, so an invoice is overdue within the hour after its due day ends. */
const CHECK_MS = wholeNumberSetting('INVOICE_OVERDUE_CHECK_MS', { fallback: 3_600_000, min: 100 });

/**
 * Issue 46: a sent invoice whose due date is past in the company's calendar (COMPANY_TIME_ZONE) and that still has a
 * balance becomes overdue by itself, nobody deciding it. At start and every INVOICE_OVERDUE_CHECK_MS, each replica
 * lists the invoices that are, and writes each through the write pipeline as the system (InvoicesService.markOverdue:
 * audited, announced as any change), which looks again under the invoice's row lock: one paid meanwhile, or marked
 * by another replica a moment before, is left as it is.
 */
@Injectable()
export class OverdueInvoices implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OverdueInvoices');
  private readonly timeZone = companyTimeZone();
  private timer?: NodeJS.Timeout;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly invoices: InvoicesService,
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
      this.running = this.markDue()
        .catch((error: unknown) => this.logger.warn(`Marking overdue invoices failed (tried again later): ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => this.schedule(CHECK_MS));
    }, delayMs);
    this.timer.unref();
  }

  /** Marks overdue what is due before today in the company's calendar at `now`; answers how many it marked. */
  async markDue(now = new Date()): Promise<number> {
    const today = dayIn(this.timeZone, now);
    const due: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM accounting.invoices WHERE status = 'sent' AND due_date < $1::date AND total > paid_amount
         AND (factoring_state IS NULL OR factoring_state = 'chargedBack') ORDER BY due_date, id`,
      [today],
    );
    let marked = 0;
    for (const { id } of due) {
      if (this.stopped) break;
      if ((await this.invoices.markOverdue(id)).ok) marked += 1;
    }
    if (marked) this.logger.log(`${marked} invoice(s) past due became overdue`);
    return marked;
  }
}
