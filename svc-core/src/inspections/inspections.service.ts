import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { INSPECTION_MESSAGES, inspectionInputSchema, type InspectionFields } from '@tms/contracts';
import { CrudService, EVENTS, refuseMissingReferences } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { DriverEntity } from '../drivers/driver.entity.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { InspectionEntity } from './inspection.entity.js';
import { INSPECTION_CONSTRAINTS } from './inspections.errors.js';

/** An inspection names its truck and its driver: both must exist when it is written. */
@Injectable()
export class InspectionsService extends CrudService<InspectionEntity, typeof inspectionInputSchema> {
  constructor(@InjectRepository(InspectionEntity) repository: Repository<InspectionEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, {
      entity: 'inspection',
      schema: inspectionInputSchema,
      constraints: INSPECTION_CONSTRAINTS,
      order: { createdAt: 'DESC' },
    });
  }

  /** Say under each field that its truck or driver does not exist, rather than fail on a foreign key. */
  protected override async check(fields: Partial<InspectionFields>) {
    return refuseMissingReferences(this.repository.manager, [
      { field: 'truckId', entity: TruckEntity, id: fields.truckId, message: INSPECTION_MESSAGES.truckNotFound },
      { field: 'driverId', entity: DriverEntity, id: fields.driverId, message: INSPECTION_MESSAGES.driverNotFound },
    ]);
  }
}
