import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { fail, LOAD_MESSAGES, loadInputSchema, type LoadFields } from '@tms/contracts';
import { CrudService, EVENTS } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { CustomerEntity } from '../customers/customer.entity.js';
import { DriverEntity } from '../drivers/driver.entity.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { LoadEntity } from './load.entity.js';
import { LOAD_CONSTRAINTS } from './loads.errors.js';

/** A load names its customer, and may name a driver and a truck: each must exist when the load is written. */
@Injectable()
export class LoadsService extends CrudService<LoadEntity, typeof loadInputSchema> {
  constructor(
    @InjectRepository(LoadEntity) repository: Repository<LoadEntity>,
    @InjectRepository(CustomerEntity) private readonly customers: Repository<CustomerEntity>,
    @InjectRepository(DriverEntity) private readonly drivers: Repository<DriverEntity>,
    @InjectRepository(TruckEntity) private readonly trucks: Repository<TruckEntity>,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'load',
      schema: loadInputSchema,
      constraints: LOAD_CONSTRAINTS,
      order: { createdAt: 'DESC' },
    });
  }

  /** The customer, driver and truck a load names must exist: say so under each field rather than fail on a key. */
  protected override async check(fields: Partial<LoadFields>) {
    const [customerMissing, driverMissing, truckMissing] = await Promise.all([
      namesNoRecord(this.customers, fields.customerId),
      namesNoRecord(this.drivers, fields.assignedDriverId),
      namesNoRecord(this.trucks, fields.assignedTruckId),
    ]);
    const issues: Record<string, string[]> = {};
    if (customerMissing) issues.customerId = [LOAD_MESSAGES.customerNotFound];
    if (driverMissing) issues.assignedDriverId = [LOAD_MESSAGES.assignedDriverId];
    if (truckMissing) issues.assignedTruckId = [LOAD_MESSAGES.assignedTruckId];
    return Object.keys(issues).length ? fail('invalid', 'Invalid input', issues) : undefined;
  }
}

/** True when an id is given and no record has it (an empty reference names nothing to look for). */
async function namesNoRecord(records: Repository<{ id: string }>, id: string | null | undefined) {
  return id ? !(await records.existsBy({ id })) : false;
}
