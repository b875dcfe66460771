import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CANCELLED_SETTLEMENT_STATUS,
  fail,
  invalidInput,
  PAID_SETTLEMENT_STATUS,
  parseCents,
  SETTLEMENT_MESSAGES,
  settlementInputSchema,
  SETTLEMENT_RULES,
  settlementNetPay,
  type FieldIssues,
  type Load,
} from '@tms/contracts';
import { CrudService, EVENTS, ReferenceHolds, Refusal, ServiceRequests, type Change } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { SettlementEntity } from './settlement.entity.js';
import { SETTLEMENT_HOLDS } from './settlement.holds.js';
import { SETTLEMENT_CONSTRAINTS } from './settlements.errors.js';

/**
 * A settlement pays a driver of svc-core for a period and, when it names them, for loads of svc-core (all held there,
 * which proves they exist, while it does). Its number is given once, on create; its net pay is always driver pay -
 * deductions, written here; it has a paid date only while Paid; a load is paid by at most one settlement that is not
 * cancelled.
 */
@Injectable()
export class SettlementsService extends CrudService<SettlementEntity, typeof settlementInputSchema> {
  constructor(
    @InjectRepository(SettlementEntity) repository: Repository<SettlementEntity>,
    holds: ReferenceHolds,
    @Inject(EVENTS) events: ClientProxy,
    private readonly services: ServiceRequests,
  ) {
    super(repository, events, {
      entity: 'settlement',
      schema: settlementInputSchema,
      rules: SETTLEMENT_RULES,
      constraints: SETTLEMENT_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      holds: { by: holds, holder: SETTLEMENT_HOLDS },
    });
  }

  protected override derive(settlement: SettlementEntity, before?: Readonly<SettlementEntity>) {
    const issues: FieldIssues = {};
    if (before && settlement.settlementNumber !== before.settlementNumber) issues.settlementNumber = [SETTLEMENT_MESSAGES.settlementNumberFixed];
    const netPay = settlementNetPay(settlement.driverPay, settlement.deductions)!;
    if (parseCents(netPay)! < 0n) issues.deductions = [SETTLEMENT_MESSAGES.deductionsOverPay];
    if (Object.keys(issues).length) return invalidInput(issues);
    settlement.netPay = netPay;
    if (settlement.status !== PAID_SETTLEMENT_STATUS) settlement.paidDate = null;
    return undefined;
  }

  /**
   * A load it newly pays must not be paid by another settlement that is not cancelled (409 naming it), checked under
   * the loads' locks (in id order) so two settlements written at once cannot both take one.
   */
  protected override async effects(manager: EntityManager, { kind, record: settlement, before }: Change<SettlementEntity>) {
    if (kind === 'delete' || settlement.status === CANCELLED_SETTLEMENT_STATUS) return;
    await this.subtractOnce(manager, settlement, before);
    const paidBefore = new Set(before && before.status !== CANCELLED_SETTLEMENT_STATUS ? before.loadIds : []);
    const added = settlement.loadIds.filter((id) => !paidBefore.has(id)).sort();
    if (!added.length) return;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended(key, 0)) FROM unnest($1::text[]) AS key`, [
      added.map((id) => `accounting.settlements.load:${id}`),
    ]);
    const [paid] = await manager.query(
      `SELECT s.settlement_number, l.id AS load_id FROM accounting.settlements s CROSS JOIN LATERAL unnest(s.load_ids) AS l (id)
       WHERE s.id <> $1 AND s.status <> $2 AND s.load_ids && $3::uuid[] AND l.id = ANY($3::uuid[])
       ORDER BY s.created_at, s.id LIMIT 1`,
      [settlement.id, CANCELLED_SETTLEMENT_STATUS, added],
    );
    if (!paid) return;
    const load = await this.services.get<Load>('core', 'loads', paid.load_id);
    if (!load.ok) throw new Refusal(fail(load.error.code, load.error.message));
    const message = SETTLEMENT_MESSAGES.loadAlreadyPaid(load.data.loadNumber, paid.settlement_number);
    throw new Refusal(fail('conflict', message, { loadIds: [message] }));
  }

  /**
   * Issue 48: a deduction it newly subtracts is its own driver's, and is not subtracted by another settlement that is
   * not cancelled (409 naming it), checked under the deductions' locks (in id order) as loads are.
   */
  private async subtractOnce(manager: EntityManager, settlement: SettlementEntity, before?: Readonly<SettlementEntity>) {
    const takenBefore = new Set(before && before.status !== CANCELLED_SETTLEMENT_STATUS ? before.deductionIds : []);
    const added = (settlement.deductionIds ?? []).filter((id) => !takenBefore.has(id)).sort();
    if (!added.length) return;
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended(key, 0)) FROM unnest($1::text[]) AS key`, [
      added.map((id) => `accounting.settlements.deduction:${id}`),
    ]);
    const found: { id: string; driver_id: string; description: string }[] = await manager.query(
      `SELECT id, driver_id, description FROM accounting.driver_deductions WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [added],
    );
    if (found.length < added.length) throw new Refusal(invalidInput({ deductionIds: [SETTLEMENT_MESSAGES.deductionNotFound] }));
    const foreign = found.find((deduction) => deduction.driver_id !== settlement.driverId);
    if (foreign) throw new Refusal(invalidInput({ deductionIds: [SETTLEMENT_MESSAGES.deductionOfAnotherDriver(foreign.description)] }));
    const [taken]: { settlement_number: string; id: string }[] = await manager.query(
      `SELECT s.settlement_number, d.id FROM accounting.settlements s CROSS JOIN LATERAL unnest(s.deduction_ids) AS d (id)
       WHERE s.id <> $1 AND s.status <> $2 AND s.deduction_ids && $3::uuid[] AND d.id = ANY($3::uuid[])
       ORDER BY s.created_at, s.id LIMIT 1`,
      [settlement.id, CANCELLED_SETTLEMENT_STATUS, added],
    );
    if (!taken) return;
    const message = SETTLEMENT_MESSAGES.deductionAlreadyTaken(found.find((deduction) => deduction.id === taken.id)!.description, taken.settlement_number);
    throw new Refusal(fail('conflict', message, { deductionIds: [message] }));
  }
}
