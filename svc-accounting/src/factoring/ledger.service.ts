import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { fieldIssues, invalidInput, LEDGER_ENTRY_KINDS, ledgerBalances, ledgerEntryInputSchema, ledgerQuerySchema, ok, type Ledger, type LedgerEntry, type RpcReply } from '@tms/contracts';
import { CrudService, EVENTS } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { LedgerEntryEntity } from './ledger-entry.entity.js';

/** A ledger entry's row as the ledger answers it; one report's entries (one transaction: one time) in LEDGER_ENTRY_KINDS' order. */
const ENTRY_COLUMNS = `e.id, e.invoice_id AS "invoiceId", e.invoice_number AS "invoiceNumber", e.kind, e.amount::text AS amount,
  to_char(e.entry_date, 'YYYY-MM-DD') AS "entryDate", e.created_at AS "createdAt", i.factoring_state AS state`;

/**
 * Issue 45: the factoring ledger. Its entries are written only by svc-accounting itself (a factor's report applied,
 * a charge-back), each through the write pipeline inside the transaction of what made it (createWithin), audited
 * as resource 'factoring-ledger'. GET /api/factoring/ledger lists them per invoice with their balances
 * (contracts' ledgerBalances).
 */
@Injectable()
export class LedgerService extends CrudService<LedgerEntryEntity, typeof ledgerEntryInputSchema> {
  constructor(@InjectRepository(LedgerEntryEntity) repository: Repository<LedgerEntryEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, {
      entity: 'ledger entry',
      schema: ledgerEntryInputSchema,
      constraints: { factoring_ledger_row_key: { field: 'rowKey', message: 'This report row was applied already' } },
      order: { entryDate: 'ASC', createdAt: 'ASC' },
    });
  }

  async ledger(payload: unknown): Promise<RpcReply<Ledger>> {
    const parsed = ledgerQuerySchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { from = null, to = null } = parsed.data;
    return this.guard(async () => {
      const rows: (LedgerEntry & { state: Ledger['invoices'][number]['state'] })[] = await this.repository.query(
        `SELECT ${ENTRY_COLUMNS} FROM accounting.factoring_ledger_entries e JOIN accounting.invoices i ON i.id = e.invoice_id
         WHERE ($1::date IS NULL OR e.entry_date >= $1::date) AND ($2::date IS NULL OR e.entry_date <= $2::date)
         ORDER BY e.entry_date, e.created_at, array_position($3::text[], e.kind), e.id`,
        [from, to, LEDGER_ENTRY_KINDS],
      );
      const invoices = new Map<string, Ledger['invoices'][number]>();
      for (const { state, ...entry } of rows) {
        const invoice = invoices.get(entry.invoiceId) ?? { invoiceId: entry.invoiceId, invoiceNumber: entry.invoiceNumber, state, entries: [] };
        invoice.entries.push({ ...entry, createdAt: new Date(entry.createdAt).toISOString() });
        invoices.set(entry.invoiceId, invoice);
      }
      return ok({ from, to, invoices: [...invoices.values()], balances: ledgerBalances(rows) });
    });
  }
}
