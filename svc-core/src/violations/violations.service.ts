import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { VIOLATION_MESSAGES, violationInputSchema, VIOLATION_RULES, type ViolationFields } from '@tms/contracts';
import { CrudService, EVENTS, refuseMissingReferences } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { DriverEntity } from '../drivers/driver.entity.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { ViolationEntity } from './violation.entity.js';
import { VIOLATION_CONSTRAINTS } from './violations.errors.js';

/** A violation names its driver, and may name a truck: each must exist when it is written. */
@Injectable()
export class ViolationsService extends CrudService<ViolationEntity, typeof violationInputSchema> {
  constructor(@InjectRepository(ViolationEntity) repository: Repository<ViolationEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, {
      entity: 'violation',
      schema: violationInputSchema,
      rules: VIOLATION_RULES,
      constraints: VIOLATION_CONSTRAINTS,
      order: { createdAt: 'DESC' },
    });
  }

  /** Say under each field that its driver or truck does not exist, rather than fail on a foreign key. */
  protected override async check(fields: Partial<ViolationFields>) {
    return refuseMissingReferences(this.repository.manager, [
      { field: 'driverId', entity: DriverEntity, id: fields.driverId, message: VIOLATION_MESSAGES.driverNotFound },
      { field: 'truckId', entity: TruckEntity, id: fields.truckId, message: VIOLATION_MESSAGES.truckNotFound },
    ]);
  }
}
