import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { ACCIDENT_MESSAGES, accidentInputSchema, type AccidentFields } from '@tms/contracts';
import { CrudService, EVENTS, refuseMissingReferences } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { DriverEntity } from '../drivers/driver.entity.js';
import { LoadEntity } from '../loads/load.entity.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { AccidentEntity } from './accident.entity.js';
import { ACCIDENT_CONSTRAINTS } from './accidents.errors.js';

/**
 * An accident names its driver, and may name a truck and a load: each must exist when it is written. A deleted
 * load leaves its accidents with no load (the foreign key nulls it).
 */
@Injectable()
export class AccidentsService extends CrudService<AccidentEntity, typeof accidentInputSchema> {
  constructor(@InjectRepository(AccidentEntity) repository: Repository<AccidentEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, {
      entity: 'accident',
      schema: accidentInputSchema,
      constraints: ACCIDENT_CONSTRAINTS,
      order: { createdAt: 'DESC' },
    });
  }

  /** Say under each field that its driver, truck or load does not exist, rather than fail on a foreign key. */
  protected override async check(fields: Partial<AccidentFields>) {
    return refuseMissingReferences(this.repository.manager, [
      { field: 'driverId', entity: DriverEntity, id: fields.driverId, message: ACCIDENT_MESSAGES.driverNotFound },
      { field: 'truckId', entity: TruckEntity, id: fields.truckId, message: ACCIDENT_MESSAGES.truckNotFound },
      { field: 'loadId', entity: LoadEntity, id: fields.loadId, message: ACCIDENT_MESSAGES.loadNotFound },
    ]);
  }
}
