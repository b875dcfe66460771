import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  invalidInput,
  PAID_SETTLEMENT_STATUS,
  parseCents,
  SETTLEMENT_MESSAGES,
  settlementInputSchema,
  settlementNetPay,
  type FieldIssues,
} from '@tms/contracts';
import { CrudService, EVENTS, ReferenceHolds } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { SettlementEntity } from './settlement.entity.js';
import { SETTLEMENT_HOLDS } from './settlement.holds.js';
import { SETTLEMENT_CONSTRAINTS } from './settlements.errors.js';

/**
 * A settlement pays a driver of svc-core (held there, which proves they exist, while it does) for a period. Its number is given once,
 * on create; its net pay is always driver pay - deductions, written here; it has a paid date only while Paid.
 */
@Injectable()
export class SettlementsService extends CrudService<SettlementEntity, typeof settlementInputSchema> {
  constructor(
    @InjectRepository(SettlementEntity) repository: Repository<SettlementEntity>,
    holds: ReferenceHolds,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'settlement',
      schema: settlementInputSchema,
      constraints: SETTLEMENT_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      holds: { by: holds, holder: SETTLEMENT_HOLDS },
    });
  }

  protected override derive(settlement: SettlementEntity, before?: Readonly<SettlementEntity>) {
    const issues: FieldIssues = {};
    if (before && settlement.settlementNumber !== before.settlementNumber) issues.settlementNumber = [SETTLEMENT_MESSAGES.settlementNumberFixed];
    if (settlement.periodEnd < settlement.periodStart) issues.periodEnd = [SETTLEMENT_MESSAGES.periodEndBeforeStart];
    const netPay = settlementNetPay(settlement.driverPay, settlement.deductions)!;
    if (parseCents(netPay)! < 0n) issues.deductions = [SETTLEMENT_MESSAGES.deductionsOverPay];
    if (Object.keys(issues).length) return invalidInput(issues);
    settlement.netPay = netPay;
    if (settlement.status !== PAID_SETTLEMENT_STATUS) settlement.paidDate = null;
    return undefined;
  }
}
