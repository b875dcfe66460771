import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { DRIVER_MESSAGES, driverInputSchema, fail, type DriverFields } from '@tms/contracts';
import { CrudService, EVENTS } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { TruckEntity } from '../trucks/truck.entity.js';
import { DriverEntity } from './driver.entity.js';
import { DRIVER_CONSTRAINTS } from './drivers.errors.js';

/** A driver's assigned truck must exist; a deleted driver is unassigned from its loads (the foreign key nulls it). */
@Injectable()
export class DriversService extends CrudService<DriverEntity, typeof driverInputSchema> {
  constructor(
    @InjectRepository(DriverEntity) repository: Repository<DriverEntity>,
    @InjectRepository(TruckEntity) private readonly trucks: Repository<TruckEntity>,
    @Inject(EVENTS) events: ClientProxy,
  ) {
    super(repository, events, {
      entity: 'driver',
      schema: driverInputSchema,
      constraints: DRIVER_CONSTRAINTS,
      order: { createdAt: 'DESC' },
    });
  }

  /** The assigned truck must exist: say so under the field rather than fail on the foreign key. */
  protected override async check(fields: Partial<DriverFields>) {
    if (fields.assignedTruckId && !(await this.trucks.existsBy({ id: fields.assignedTruckId }))) {
      return fail('invalid', 'Invalid input', { assignedTruckId: [DRIVER_MESSAGES.assignedTruckId] });
    }
    return undefined;
  }
}
