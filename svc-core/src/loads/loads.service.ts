import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import {
  fail,
  isRecordId,
  LOAD_MESSAGES,
  loadInputSchema,
  LOAD_RULES,
  ok,
  PAYABLE_LOAD_STATUSES,
  payableLoadsPayloadSchema,
  SETTLEMENT_LOADS_MAX,
  type LoadFields,
  type LoadSummary,
  type LoadSummaryPage,
  type RpcReply,
} from '@tms/contracts';
import { CrudService, EVENTS, refuseMissingReferences, type Change, type ChangeContext } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { CustomerEntity } from '../customers/customer.entity.js';
import { AccidentEntity } from '../accidents/accident.entity.js';
import { DocumentFiles } from '../documents/document-files.js';
import { DriverEntity } from '../drivers/driver.entity.js';
import { FuelEntity } from '../fuel/fuel.entity.js';
import { HeldReferences } from '../references/held-references.service.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { LoadEntity } from './load.entity.js';
import { LOAD_CONSTRAINTS } from './loads.errors.js';

/** Loads of a driver's settlement in one answer: about 200 bytes each, well inside a NATS message. */
const PAYABLE_PAGE = 1000;

const SUMMARY = `
  SELECT id, load_number AS "loadNumber", pickup_location AS "pickupLocation", delivery_location AS "deliveryLocation",
         to_char(delivery_date, 'YYYY-MM-DD') AS "deliveryDate", rate::text AS rate, miles
  FROM core.loads`;

/**
 * A load names its customer, and may name a driver and a truck: each must exist when the load is written. Its
 * documents go with it (their rows by the foreign key's cascade, their bytes right after); it is never deleted
 * while another service's records name it (an invoice, an expense); fuel purchases and accidents keep their own
 * record of it without the load (the foreign key nulls it, announced as their update).
 */
@Injectable()
export class LoadsService extends CrudService<LoadEntity, typeof loadInputSchema> {
  constructor(
    @InjectRepository(LoadEntity) repository: Repository<LoadEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly documentFiles: DocumentFiles,
    private readonly held: HeldReferences,
  ) {
    super(repository, events, {
      entity: 'load',
      schema: loadInputSchema,
      rules: LOAD_RULES,
      constraints: LOAD_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      nulledOnDelete: [
        { target: FuelEntity, field: 'loadId', entity: 'fuel' },
        { target: AccidentEntity, field: 'loadId', entity: 'accident' },
      ],
    });
  }

  protected override checkDelete(id: string) {
    return this.held.refuseNamed('load', id);
  }

  /** The customer, driver and truck a load names must exist: say so under each field rather than fail on a key. */
  protected override async check(fields: Partial<LoadFields>) {
    return refuseMissingReferences(this.repository.manager, [
      { field: 'customerId', entity: CustomerEntity, id: fields.customerId, message: LOAD_MESSAGES.customerNotFound },
      { field: 'assignedDriverId', entity: DriverEntity, id: fields.assignedDriverId, message: LOAD_MESSAGES.assignedDriverId },
      { field: 'assignedTruckId', entity: TruckEntity, id: fields.assignedTruckId, message: LOAD_MESSAGES.assignedTruckId },
    ]);
  }

  /**
   * Accounting invoiced the load (issue 26): a delivered load becomes invoiced, through update (audited, announced
   * as load.updated); a load in any other status is answered as it is.
   */
  async markInvoiced(id: unknown, context: ChangeContext): Promise<RpcReply<LoadEntity>> {
    const load = await this.get(id);
    if (!load.ok || load.data.status !== 'delivered') return load;
    return this.update(id, { status: 'invoiced' }, context);
  }

  /** A driver's delivered or invoiced loads delivered within a period (both days included), a page at a time. */
  async payable(payload: unknown): Promise<RpcReply<LoadSummaryPage>> {
    const parsed = payableLoadsPayloadSchema.safeParse(payload);
    if (!parsed.success) return fail('invalid', 'Not a payable loads request');
    const { driverId, periodStart, periodEnd, after } = parsed.data;
    const [afterDay, afterId] = after ? after.split('|') : [null, null];
    return this.guard(async () => {
      const loads: LoadSummary[] = await this.repository.query(
        `${SUMMARY}
         WHERE assigned_driver_id = $1 AND delivery_date BETWEEN $2 AND $3 AND status = ANY($4::text[])
           AND ($5::date IS NULL OR (delivery_date, id) > ($5::date, $6::uuid))
         ORDER BY delivery_date, id LIMIT ${PAYABLE_PAGE}`,
        [driverId, periodStart, periodEnd, PAYABLE_LOAD_STATUSES, afterDay, afterId],
      );
      const last = loads.length === PAYABLE_PAGE ? loads.at(-1)! : undefined;
      return ok({ loads, next: last ? `${last.deliveryDate}|${last.id}` : null });
    });
  }

  /** These loads (a settlement's), in delivery order; ids that name no load are left out. */
  async summaries(ids: unknown): Promise<RpcReply<LoadSummary[]>> {
    if (!Array.isArray(ids) || ids.length > SETTLEMENT_LOADS_MAX || !ids.every(isRecordId)) return fail('invalid', 'Not a list of load ids');
    return this.guard(async () => ok(await this.repository.query(`${SUMMARY} WHERE id = ANY($1::uuid[]) ORDER BY delivery_date, load_number, id`, [ids])));
  }

  /** A deleted load's documents go with it (a cascade): their bytes are swept once it has committed. */
  protected override async effects(_manager: EntityManager, change: Change<LoadEntity>) {
    if (change.kind === 'delete') return { afterCommit: () => this.documentFiles.sweep() };
  }
}
