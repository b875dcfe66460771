import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  CANCELLED_SETTLEMENT_STATUS,
  driverDeductionInputSchema,
  invalidInput,
  ok,
  type DriverDeductionImportAnswer,
  type DriverDeductionImportLine,
  type RpcReply,
  type SettlementDeduction,
} from '@tms/contracts';
import { CrudService, EVENTS, ReferenceHolds, type ChangeContext } from '@tms/service-kit';
import { In, Repository } from 'typeorm';
import { DriverDeductionEntity } from './driver-deduction.entity.js';
import { DRIVER_DEDUCTION_CONSTRAINTS, DRIVER_DEDUCTION_HOLDS } from './driver-deduction.holds.js';

/**
 * Issue 48: a driver's deductions (cash advances drawn on a fuel card), each written through the one write pipeline
 * (its driver held in svc-core). A statement's are imported by their lines' keys: a key imported before is answered
 * and left as it is, so a statement imported again, or two that overlap, change nothing. A settlement subtracts a
 * deduction by naming it (`deductionIds`); one named by a settlement that is not cancelled is not open any more.
 */
@Injectable()
export class DriverDeductionsService extends CrudService<DriverDeductionEntity, typeof driverDeductionInputSchema> {
  constructor(
    @InjectRepository(DriverDeductionEntity) repository: Repository<DriverDeductionEntity>,
    holds: ReferenceHolds,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'driver deduction',
      schema: driverDeductionInputSchema,
      constraints: DRIVER_DEDUCTION_CONSTRAINTS,
      order: { deductionDate: 'ASC', createdAt: 'ASC' },
      holds: { by: holds, holder: DRIVER_DEDUCTION_HOLDS },
    });
  }

  /**
   * A statement's cash advances (svc-core's fuel import), keyed by their lines: the keys imported before are answered;
   * unless `dryRun`, each other line is created (a cash advance or two a statement: one write each, its driver held).
   * A line refused stops the rest and answers why; a key taken meanwhile by another import counts as imported before.
   */
  async importLines(payload: unknown, context: ChangeContext): Promise<RpcReply<DriverDeductionImportAnswer>> {
    const { dryRun, lines } = (payload ?? {}) as { dryRun?: unknown; lines?: unknown };
    if (typeof dryRun !== 'boolean') return invalidInput({ dryRun: ["dryRun must be 'true' or 'false'."] });
    if (!Array.isArray(lines) || lines.some((line) => typeof (line as DriverDeductionImportLine)?.key !== 'string')) return invalidInput({ lines: ['lines must be a list of keyed deductions'] });
    const asked = lines as DriverDeductionImportLine[];
    return this.guard(async () => {
      const existing = new Set(
        asked.length ? (await this.repository.find({ select: { importKey: true }, where: { importKey: In(asked.map((line) => line.key)) } })).map((deduction) => deduction.importKey!) : [],
      );
      if (dryRun) return ok({ existing: [...existing], created: 0 });
      let created = 0;
      for (const { key, ...fields } of asked) {
        if (existing.has(key)) continue;
        const written = await this.create({ ...fields, importKey: key }, context);
        if (written.ok) created++;
        else if (written.error.code === 'conflict' && written.error.issues?.importKey) existing.add(key);
        else return written;
      }
      return ok({ existing: [...existing], created });
    });
  }

  /**
   * The driver's deductions dated up to `until` that no settlement subtracts yet (one that is not cancelled, other
   * than `except`, names them), oldest first: what the next settlement draft lists and subtracts.
   */
  async open(driverId: string, until: string, except: string | null): Promise<SettlementDeduction[]> {
    return this.repository.query(
      `SELECT d.id AS "deductionId", to_char(d.deduction_date, 'YYYY-MM-DD') AS "deductionDate", d.description, d.amount::text AS amount
       FROM accounting.driver_deductions d
       WHERE d.driver_id = $1 AND d.deduction_date <= $2::date
         AND NOT EXISTS (SELECT 1 FROM accounting.settlements s WHERE s.status <> $3 AND ($4::uuid IS NULL OR s.id <> $4) AND d.id = ANY(s.deduction_ids))
       ORDER BY d.deduction_date, d.created_at, d.id`,
      [driverId, until, CANCELLED_SETTLEMENT_STATUS, except],
    );
  }

  /** These deductions (a settlement's), oldest first. */
  async named(ids: readonly string[]): Promise<SettlementDeduction[]> {
    if (!ids.length) return [];
    return this.repository.query(
      `SELECT id AS "deductionId", to_char(deduction_date, 'YYYY-MM-DD') AS "deductionDate", description, amount::text AS amount
       FROM accounting.driver_deductions WHERE id = ANY($1::uuid[]) ORDER BY deduction_date, created_at, id`,
      [ids],
    );
  }
}
