import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { MAINTENANCE_MESSAGES, maintenanceInputSchema, MAINTENANCE_RULES, type MaintenanceFields } from '@tms/contracts';
import { CrudService, EVENTS, refuseMissingReferences } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { TruckEntity } from '../trucks/truck.entity.js';
import { MaintenanceEntity } from './maintenance.entity.js';
import { MAINTENANCE_CONSTRAINTS } from './maintenance.errors.js';

/** A service record names its truck, which must exist when it is written; the newest service is listed first. */
@Injectable()
export class MaintenanceService extends CrudService<MaintenanceEntity, typeof maintenanceInputSchema> {
  constructor(@InjectRepository(MaintenanceEntity) repository: Repository<MaintenanceEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, {
      entity: 'maintenance',
      schema: maintenanceInputSchema,
      rules: MAINTENANCE_RULES,
      constraints: MAINTENANCE_CONSTRAINTS,
      order: { serviceDate: 'DESC', createdAt: 'DESC' },
    });
  }

  /** Say under the field that its truck does not exist, rather than fail on the foreign key. */
  protected override async check(fields: Partial<MaintenanceFields>) {
    return refuseMissingReferences(this.repository.manager, [
      { field: 'truckId', entity: TruckEntity, id: fields.truckId, message: MAINTENANCE_MESSAGES.truckNotFound },
    ]);
  }
}
