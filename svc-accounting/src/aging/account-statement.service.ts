import { Injectable } from '@nestjs/common';
import {
  ACCOUNT_STATEMENT_MESSAGES,
  accountStatementQuerySchema,
  daysBefore,
  fail,
  fieldIssues,
  invalidInput,
  ok,
  STATEMENT_PERIOD_DAYS,
  sumMoney,
  type Customer,
  type RenderedFile,
  type RpcReply,
} from '@tms/contracts';
import { internalErrorReply, ServiceRequests } from '@tms/service-kit';
import { DataSource } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import { billToOf, issuerOf } from '../invoices/invoice-parties.js';
import { accountStatementPdf, type AccountStatementFacts } from '../pdf/account-statement-pdf.js';
import { RenderedFiles } from '../pdf/rendered-files.js';
import { OPEN_BALANCES_SQL } from './aging.service.js';

/** A customer's open invoices as of $1, as aging counts them, oldest first. */
const OPEN_INVOICES_SQL = `
  WITH open AS (${OPEN_BALANCES_SQL})
  SELECT invoice_number AS "invoiceNumber", to_char(invoice_date, 'YYYY-MM-DD') AS "invoiceDate", to_char(due_date, 'YYYY-MM-DD') AS "dueDate",
    days AS "daysPastDue", total::text AS total, balance::numeric(14, 2)::text AS balance
  FROM open WHERE customer_id = $2 AND balance > 0
  ORDER BY invoice_date, invoice_number`;

/** A customer's payments dated in the period, in date order. */
const PAYMENTS_SQL = `
  SELECT to_char(p.payment_date, 'YYYY-MM-DD') AS "paymentDate", i.invoice_number AS "invoiceNumber", p.payment_method AS "paymentMethod",
    p.reference_number AS "referenceNumber", p.amount::text AS amount
  FROM accounting.payments p JOIN accounting.invoices i ON i.id = p.invoice_id
  WHERE p.customer_id = $1 AND p.payment_date BETWEEN $2::date AND $3::date
  ORDER BY p.payment_date, i.invoice_number, p.created_at`;

/** What the customer's remittances received by $2 left unapplied, less what they spent of it. */
const CREDIT_SQL = `
  SELECT coalesce(sum(unapplied - credit_used), 0)::numeric(14, 2)::text AS credit
  FROM accounting.remittances WHERE customer_id = $1 AND payment_date <= $2::date`;

/** A customer's statement of account as a PDF (issue 46): `{root}.accounting.aging.statement`. */
@Injectable()
export class AccountStatementService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly company: CompanyService,
    private readonly services: ServiceRequests,
    private readonly files: RenderedFiles,
  ) {}

  async pdf(payload: unknown): Promise<RpcReply<RenderedFile>> {
    const parsed = accountStatementQuerySchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { customerId } = parsed.data;
    const to = parsed.data.to ?? this.company.today();
    const from = parsed.data.from ?? daysBefore(to, STATEMENT_PERIOD_DAYS);
    if (from > to) return invalidInput({ from: [ACCOUNT_STATEMENT_MESSAGES.fromAfterTo] });
    try {
      const customer = await this.services.get<Customer>('core', 'customers', customerId);
      if (!customer.ok) return customer.error.code === 'not_found' ? fail('not_found', ACCOUNT_STATEMENT_MESSAGES.customerNotFound) : customer;
      const [invoices, payments, [{ credit }], profile] = await Promise.all([
        this.dataSource.query(OPEN_INVOICES_SQL, [to, customerId]) as Promise<AccountStatementFacts['invoices']>,
        this.dataSource.query(PAYMENTS_SQL, [customerId, from, to]) as Promise<AccountStatementFacts['payments']>,
        this.dataSource.query(CREDIT_SQL, [customerId, to]) as Promise<{ credit: string }[]>,
        this.company.profile(),
      ]);
      const facts: AccountStatementFacts = {
        company: issuerOf(profile),
        customer: billToOf(customer.data),
        from,
        to,
        invoices,
        payments,
        balance: sumMoney(invoices.map((invoice) => invoice.balance)),
        credit,
      };
      const name = customer.data.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'customer';
      return ok(await this.files.answer(`statement-${name}-${to}.pdf`, await accountStatementPdf(facts)));
    } catch (error) {
      return internalErrorReply(error);
    }
  }
}
