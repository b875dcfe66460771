import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { FUEL_MESSAGES, fieldIssues, fuelInputSchema, fuelTotalCost, invalidInput, type FuelFields } from '@tms/contracts';
import { applyImport, CrudService, EVENTS, Refusal, refuseMissingReferences, type ChangeContext, type WriteFields } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { DriverEntity } from '../drivers/driver.entity.js';
import { LoadEntity } from '../loads/load.entity.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { FuelEntity } from './fuel.entity.js';
import { FUEL_CONSTRAINTS } from './fuel.errors.js';

/**
 * A fuel purchase names its truck and driver, and may name a load: each must exist when it is written. Its total
 * cost is always gallons × price per gallon to the cent: a total sent with it must agree, else the purchase is
 * refused; the service writes the total it works out (spec 5).
 */
@Injectable()
export class FuelService extends CrudService<FuelEntity, typeof fuelInputSchema> {
  constructor(@InjectRepository(FuelEntity) repository: Repository<FuelEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, {
      entity: 'fuel',
      schema: fuelInputSchema,
      constraints: FUEL_CONSTRAINTS,
      order: { transactionDate: 'DESC', createdAt: 'DESC' },
    });
  }

  protected override async check(fields: Partial<FuelFields>, id?: string) {
    const missing = await refuseMissingReferences(this.repository.manager, [
      { field: 'truckId', entity: TruckEntity, id: fields.truckId, message: FUEL_MESSAGES.truckNotFound },
      { field: 'driverId', entity: DriverEntity, id: fields.driverId, message: FUEL_MESSAGES.driverNotFound },
      { field: 'loadId', entity: LoadEntity, id: fields.loadId, message: FUEL_MESSAGES.loadNotFound },
    ]);
    return missing ?? (await this.refuseDisagreeingTotal(fields, id));
  }

  /** A total that was sent must be the purchase's gallons × price per gallon (an update's, once merged). */
  private async refuseDisagreeingTotal(fields: Partial<FuelFields>, id?: string) {
    if (!fields.totalCost) return undefined;
    const stored = id && (fields.gallons === undefined || fields.pricePerGallon === undefined) ? await this.repository.findOneBy({ id }) : null;
    const expected = fuelTotalCost(fields.gallons ?? stored?.gallons, fields.pricePerGallon ?? stored?.pricePerGallon);
    if (expected === undefined || fields.totalCost === expected) return undefined;
    const message = FUEL_MESSAGES.totalCostDisagrees(expected);
    return invalidInput({ totalCost: [message] });
  }

  /** The total written is the one worked out, whatever the purchase's gallons and price became. */
  protected override derive(record: FuelEntity) {
    record.totalCost = fuelTotalCost(record.gallons, record.pricePerGallon)!;
    return undefined;
  }

  /**
   * Issue 48: a fuel card statement's purchases, created in the caller's transaction with the write pipeline's steps
   * for many records, as a CSV import applies its rows (applyImport: one INSERT, the audit in one statement): each
   * parsed by the schema and derived (its total) as a create is, with its line's key and GPS findings. The check step
   * is done for all at once: the trucks and drivers they name are locked (FOR KEY SHARE), so none goes meanwhile.
   * A refusal is thrown (Refusal), rolling the caller's transaction back; announce what it answers once committed.
   */
  async createImported(manager: EntityManager, items: { fields: unknown; extra: Pick<FuelEntity, 'importKey' | 'gpsWarnings' | 'notInState'> }[], context: ChangeContext) {
    const creates = items.map(({ fields, extra }, row) => {
      const parsed = fuelInputSchema.safeParse(fields);
      if (!parsed.success) throw new Refusal(invalidInput(fieldIssues(parsed.error)));
      const record = this.repository.create({ ...parsed.data, ...extra, id: randomUUID() } as never) as unknown as FuelEntity;
      this.derive(record);
      return { row, record, fields: parsed.data as WriteFields };
    });
    for (const [table, field, message] of [
      ['trucks', 'truckId', FUEL_MESSAGES.truckNotFound],
      ['drivers', 'driverId', FUEL_MESSAGES.driverNotFound],
    ] as const) {
      const ids = [...new Set(creates.map(({ record }) => record[field]))].sort();
      const found: unknown[] = ids.length ? await manager.query(`SELECT id FROM core.${table} WHERE id = ANY($1::uuid[]) ORDER BY id FOR KEY SHARE`, [ids]) : [];
      if (found.length !== ids.length) throw new Refusal(invalidInput({ [field]: [message] }));
    }
    const { created, effects } = await applyImport(this.repository, { creates, updates: [] }, context, {
      transaction: (_ids, step) => step(manager, async () => undefined),
      lockAndRead: async () => undefined,
      effects: (inside, change) => this.effects(inside, change),
    });
    return created.map((record, index) => ({ record, effects: effects[index] ?? {} }));
  }
}
