import { Injectable } from '@nestjs/common';
import { AGING_BUCKETS, agingQuerySchema, fieldIssues, invalidInput, ok, sumMoney, type AgingReport, type AgingRow, type RpcReply } from '@tms/contracts';
import { internalErrorReply } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { CompanyService } from '../company/company.service.js';

/**
 * Every invoice's balance as of $1 (packages/contracts reports/aging.ts says what counts): one pass over the invoices
 * issued by then, the payments dated after it given back, in numeric (exact cents). Aging and a customer's statement
 * of account both read it.
 */
export const OPEN_BALANCES_SQL = `
    SELECT i.customer_id, i.invoice_number, i.bill_to ->> 'name' AS name, i.invoice_date, i.due_date, i.total, ($1::date - i.due_date) AS days,
      CASE WHEN i.status = 'paid' THEN 0 ELSE i.total - i.paid_amount END + coalesce(later.amount, 0) AS balance
    FROM accounting.invoices i
    LEFT JOIN (
      SELECT invoice_id, sum(amount) AS amount FROM accounting.payments WHERE payment_date > $1::date GROUP BY invoice_id
    ) later ON later.invoice_id = i.id
    WHERE i.status IN ('sent', 'overdue', 'paid') AND i.invoice_date <= $1::date
      -- Issue 45: an invoice the factor bought is no receivable of the carrier's, until charged back.
      AND (i.factoring_state IS NULL OR i.factoring_state = 'chargedBack')`;

/** Each customer's open balances as of $1, by days past due. */
const AGING_SQL = `
  WITH open AS (${OPEN_BALANCES_SQL})
  SELECT customer_id::text AS "customerId",
    (array_agg(name ORDER BY invoice_date DESC) FILTER (WHERE name IS NOT NULL))[1] AS "customerName",
    coalesce(sum(balance) FILTER (WHERE days <= 0), 0)::numeric(14, 2)::text AS current,
    coalesce(sum(balance) FILTER (WHERE days BETWEEN 1 AND 30), 0)::numeric(14, 2)::text AS "days1to30",
    coalesce(sum(balance) FILTER (WHERE days BETWEEN 31 AND 60), 0)::numeric(14, 2)::text AS "days31to60",
    coalesce(sum(balance) FILTER (WHERE days BETWEEN 61 AND 90), 0)::numeric(14, 2)::text AS "days61to90",
    coalesce(sum(balance) FILTER (WHERE days > 90), 0)::numeric(14, 2)::text AS "over90",
    sum(balance)::numeric(14, 2)::text AS total,
    count(*)::int AS invoices
  FROM open WHERE balance > 0
  GROUP BY customer_id
  ORDER BY sum(balance) DESC, customer_id`;

/** Receivables aging (issue 46): what each customer owes as of a day, by how long past due. */
@Injectable()
export class AgingService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly company: CompanyService,
  ) {}

  async report(payload: unknown): Promise<RpcReply<AgingReport>> {
    const parsed = agingQuerySchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const asOf = parsed.data.asOf ?? this.company.today();
    try {
      const customers: AgingRow[] = await this.dataSource.query(AGING_SQL, [asOf]);
      const column = (field: (typeof AGING_BUCKETS)[number] | 'total') => sumMoney(customers.map((row) => row[field]));
      const totals = { current: column('current'), days1to30: column('days1to30'), days31to60: column('days31to60'), days61to90: column('days61to90'), over90: column('over90'), total: column('total') };
      return ok({ asOf, customers, totals });
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}
