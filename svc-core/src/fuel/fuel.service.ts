import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { FUEL_MESSAGES, fuelInputSchema, fuelTotalCost, invalidInput, type FuelFields } from '@tms/contracts';
import { CrudService, EVENTS, refuseMissingReferences } from '@tms/service-kit';
import { Repository } from 'typeorm';
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
}
