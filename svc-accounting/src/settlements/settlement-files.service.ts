import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CANCELLED_SETTLEMENT_STATUS,
  CHARGES_FOR_LOADS_ACTION,
  CHARGES_FOR_LOADS_MAX,
  CHARGES_RESOURCE,
  centsToMoney,
  detentionShare,
  extraStopsOf,
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
  settlementPayParts,
  stopPay,
  sumMoney,
  type Charge,
  type Driver,
  type LoadSummary,
  type LoadSummaryPage,
  type PayableLoadsPayload,
  type PayRule,
  type RenderedFile,
  type RpcReply,
  type SettlementDraft,
  type SettlementDraftLoad,
  type SettlementPayParts,
  type SettlementReimbursement,
} from '@tms/contracts';
import { internalErrorReply, ServiceRequests } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { CompanyService } from '../company/company.service.js';
import { DriverDeductionsService } from '../deductions/driver-deductions.service.js';
import { RenderedFiles } from '../pdf/rendered-files.js';
import { statementPdf } from '../pdf/statement-pdf.js';
import { SettlementEntity } from './settlement.entity.js';

const notFound = fail('not_found', SETTLEMENT_MESSAGES.settlementNotFound);

/**
 * Each load with its pay under the driver's rule, rounded half up to the cent: the rule's pay, its extra stops' pay,
 * and the driver's share of its detention lines billed and approved (issue 43, from `charges`, the loads' lines).
 */
const withPay = (rule: PayRule, loads: LoadSummary[], charges: readonly Charge[] = []): SettlementDraftLoad[] =>
  loads.map(({ id, ...load }) => {
    const detention = charges.filter((line) => line.loadId === id && line.code === 'DETENTION' && line.billable && line.status === 'approved');
    return {
      loadId: id,
      ...load,
      pay: loadPay(rule, load.rate, load.miles),
      extraStops: extraStopsOf(load.stopCount),
      stopPay: stopPay(rule, load.stopCount),
      detentionPay: detentionShare(rule, detention.map((line) => line.amount)),
    };
  });

/**
 * Issue 43: the lines the driver paid and is paid back (reimbursable and payable to the driver, e.g. a lumper at the
 * dock), whatever the customer decides about billing them: the driver's money was spent either way.
 */
const reimbursementsOf = (loads: readonly SettlementDraftLoad[], charges: readonly Charge[]): SettlementReimbursement[] => {
  const numbers = new Map(loads.map((load) => [load.loadId, load.loadNumber]));
  return charges
    .filter((line) => line.reimbursable && line.payableToDriver && numbers.has(line.loadId))
    .map((line) => ({ loadId: line.loadId, loadNumber: numbers.get(line.loadId)!, chargeId: line.id, code: line.code, description: line.description ?? '', amount: line.amount }));
};

/** The driver's rule as the draft and the statement use it. */
const ruleOf = (driver: Driver): PayRule => ({
  payType: driver.payType ?? null,
  payRate: driver.payRate ?? null,
  perStopPay: driver.perStopPay ?? null,
  detentionSharePercent: driver.detentionSharePercent ?? null,
});

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
    private readonly deductions: DriverDeductionsService,
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
      const rule = ruleOf(driver.data);
      const unpaid = loads.filter((load) => !paid.has(load.id));
      const charges = await this.chargesOf(unpaid.map((load) => load.id));
      if (!charges.ok) return charges;
      const drafted = withPay(rule, unpaid, charges.data);
      const { driverPay, ...parts } = settlementPayParts(drafted, reimbursementsOf(drafted, charges.data));
      // Issue 48: what the driver owes back (cash advances) up to the period's end, subtracted by this settlement once.
      const deductionLines = await this.deductions.open(driverId, periodEnd, settlementId);
      const deductions = sumMoney(deductionLines.map((line) => line.amount));
      return ok({
        driverId,
        periodStart,
        periodEnd,
        payType: rule.payType,
        payRate: rule.payRate,
        perStopPay: rule.perStopPay ?? null,
        detentionSharePercent: rule.detentionSharePercent ?? null,
        loads: drafted,
        totalRevenue: sumMoney(drafted.map((load) => load.rate)),
        totalMiles: drafted.reduce((miles, load) => miles + (load.miles ?? 0), 0),
        driverPay,
        ...parts,
        deductions,
        deductionLines,
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
      const charges = await this.chargesOf(settlement.loadIds);
      if (!charges.ok) return charges;
      const paid = withPay(ruleOf(driver.data), loads.data, charges.data);
      const parts: SettlementPayParts = settlementPayParts(paid, reimbursementsOf(paid, charges.data));
      const deductionLines = await this.deductions.named(settlement.deductionIds ?? []);
      const bytes = await statementPdf({ company, settlement, driver: driver.data, loads: paid, parts, deductionLines });
      return ok(await this.files.answer(`${settlement.settlementNumber}.pdf`, bytes));
    } catch (error) {
      return internalErrorReply(error);
    }
  }

  /** Issue 43: the charge lines of these loads, asked of svc-core a thousand loads at a time. */
  private async chargesOf(loadIds: readonly string[]): Promise<RpcReply<Charge[]>> {
    const lines: Charge[] = [];
    for (let start = 0; start < loadIds.length; start += CHARGES_FOR_LOADS_MAX) {
      const loadIdsPage = loadIds.slice(start, start + CHARGES_FOR_LOADS_MAX);
      const page = await this.services.request<Charge[]>('core', CHARGES_RESOURCE, CHARGES_FOR_LOADS_ACTION, { loadIds: loadIdsPage });
      if (!page.ok) return page;
      lines.push(...page.data);
    }
    return ok(lines);
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
