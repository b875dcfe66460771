import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CANCELLED_SETTLEMENT_STATUS,
  centsToMoney,
  fail,
  fieldIssues,
  invalidInput,
  isRecordId,
  LOAD_ACCOUNTING_ACTIONS,
  loadPay,
  ok,
  parseCents,
  SETTLEMENT_MESSAGES,
  settlementDraftQuerySchema,
  sumMoney,
  type Driver,
  type LoadSummary,
  type LoadSummaryPage,
  type PayableLoadsPayload,
  type PayRule,
  type RenderedFile,
  type RpcReply,
  type SettlementDraft,
  type SettlementDraftLoad,
} from '@tms/contracts';
import { internalErrorReply, ServiceRequests } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import { RenderedFiles } from '../pdf/rendered-files.js';
import { statementPdf } from '../pdf/statement-pdf.js';
import { SettlementEntity } from './settlement.entity.js';

const notFound = fail('not_found', SETTLEMENT_MESSAGES.settlementNotFound);

/** Each load with its pay under the driver's rule, rounded half up to the cent. */
const withPay = (rule: PayRule, loads: LoadSummary[]): SettlementDraftLoad[] =>
  loads.map(({ id, ...load }) => ({ loadId: id, ...load, pay: loadPay(rule, load.rate, load.miles) }));

/**
 * A settlement worked out from the loads (issue 26): the draft a driver's period would get, saving nothing, and a
 * settlement's statement as a PDF. Money is added up in BigInt cents (sumMoney), never in floating point.
 */
@Injectable()
export class SettlementFilesService {
  constructor(
    @InjectRepository(SettlementEntity) private readonly settlements: Repository<SettlementEntity>,
    private readonly services: ServiceRequests,
    private readonly company: CompanyService,
    private readonly files: RenderedFiles,
  ) {}

  /**
   * The driver's delivered or invoiced loads delivered within the period (both days included) that no other
   * settlement that is not cancelled pays (`settlementId`: the one being edited, whose own loads count as unpaid).
   */
  async draft(payload: unknown): Promise<RpcReply<SettlementDraft>> {
    const parsed = settlementDraftQuerySchema.safeParse(payload ?? {});
    if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
    const { driverId, periodStart, periodEnd, settlementId } = parsed.data;
    if (periodEnd < periodStart) return invalidInput({ periodEnd: [SETTLEMENT_MESSAGES.periodEndBeforeStart] });
    const driver = await this.driver(driverId);
    if (!driver.ok) return driver;
    const loads: LoadSummary[] = [];
    for (let after: string | null | undefined; after !== null; ) {
      const request: PayableLoadsPayload = { driverId, periodStart, periodEnd, ...(after ? { after } : {}) };
      const page = await this.services.request<LoadSummaryPage>('core', 'loads', LOAD_ACCOUNTING_ACTIONS.payable, request);
      if (!page.ok) return page;
      loads.push(...page.data.loads);
      after = page.data.next;
    }
    try {
      const paid = await this.paidElsewhere(loads.map((load) => load.id), settlementId);
      const rule: PayRule = { payType: driver.data.payType ?? null, payRate: driver.data.payRate ?? null };
      const drafted = withPay(rule, loads.filter((load) => !paid.has(load.id)));
      const driverPay = sumMoney(drafted.map((load) => load.pay));
      const deductions = '0.00';
      return ok({
        driverId,
        periodStart,
        periodEnd,
        ...rule,
        loads: drafted,
        totalRevenue: sumMoney(drafted.map((load) => load.rate)),
        totalMiles: drafted.reduce((miles, load) => miles + (load.miles ?? 0), 0),
        driverPay,
        deductions,
        netPay: centsToMoney(parseCents(driverPay)! - parseCents(deductions)!),
        missingMiles: rule.payType === 'perMile' ? drafted.filter((load) => load.miles === null).map((load) => load.loadNumber) : [],
      });
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** The driver's statement: company, driver, period, each load with its pay, deductions and net pay. */
  async pdf(id: unknown): Promise<RpcReply<RenderedFile>> {
    if (!isRecordId(id)) return notFound;
    try {
      const settlement = await this.settlements.findOneBy({ id });
      if (!settlement) return notFound;
      const [driver, loads, company] = await Promise.all([
        this.driver(settlement.driverId),
        settlement.loadIds.length
          ? this.services.request<LoadSummary[]>('core', 'loads', LOAD_ACCOUNTING_ACTIONS.summaries, { ids: settlement.loadIds })
          : Promise.resolve(ok<LoadSummary[]>([])),
        this.company.profile(),
      ]);
      if (!driver.ok) return driver;
      if (!loads.ok) return loads;
      const rule: PayRule = { payType: driver.data.payType ?? null, payRate: driver.data.payRate ?? null };
      const bytes = await statementPdf({ company, settlement, driver: driver.data, loads: withPay(rule, loads.data) });
      return ok(await this.files.answer(`${settlement.settlementNumber}.pdf`, bytes));
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  private async driver(id: string): Promise<RpcReply<Driver>> {
    const driver = await this.services.get<Driver>('core', 'drivers', id);
    if (!driver.ok && driver.error.code === 'not_found') return invalidInput({ driverId: [SETTLEMENT_MESSAGES.driverNotFound] });
    return driver;
  }

  /** Of these loads, those a settlement that is not cancelled (other than `except`) pays. */
  private async paidElsewhere(loadIds: string[], except: string | null): Promise<Set<string>> {
    if (!loadIds.length) return new Set();
    const rows: { id: string }[] = await this.settlements.query(
      `SELECT DISTINCT l.id FROM accounting.settlements s CROSS JOIN LATERAL unnest(s.load_ids) AS l (id)
       WHERE s.status <> $1 AND ($2::uuid IS NULL OR s.id <> $2) AND s.load_ids && $3::uuid[] AND l.id = ANY($3::uuid[])`,
      [CANCELLED_SETTLEMENT_STATUS, except, loadIds],
    );
    return new Set(rows.map((row) => row.id));
  }
}
