import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { FUEL_PURCHASE_NAME, IMPORTS, MAINTENANCE_RECORD_NAME, SAFETY_RECORD_NAMES, truckInputSchema } from '@tms/contracts';
import { CrudService, EVENTS } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { AccidentEntity } from '../accidents/accident.entity.js';
import { InspectionEntity } from '../inspections/inspection.entity.js';
import { ViolationEntity } from '../violations/violation.entity.js';
import { FuelEntity } from '../fuel/fuel.entity.js';
import { MaintenanceEntity } from '../maintenance/maintenance.entity.js';
import { DriverEntity } from '../drivers/driver.entity.js';
import { LoadEntity } from '../loads/load.entity.js';
import { HeldReferences } from '../references/held-references.service.js';
import { TruckEntity } from './truck.entity.js';
import { TRUCK_CONSTRAINTS } from './trucks.errors.js';

/**
 * Trucks have no rules beyond their schema and unique truck number; a deleted truck unassigns its drivers and loads
 * (the foreign keys null them, announced as their updates). One whose history is kept, or whom another service's
 * records name (a GPS device), is not deleted.
 */
@Injectable()
export class TrucksService extends CrudService<TruckEntity, typeof truckInputSchema> {
  constructor(
    @InjectRepository(TruckEntity) repository: Repository<TruckEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly held: HeldReferences,
  ) {
    super(repository, events, {
      entity: 'truck',
      schema: truckInputSchema,
      constraints: TRUCK_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      imports: IMPORTS.trucks,
      keptBy: [
        // Its safety history (spec 2.10): a carrier never loses it.
        { entity: InspectionEntity, field: 'truckId', ...SAFETY_RECORD_NAMES.inspection },
        { entity: AccidentEntity, field: 'truckId', ...SAFETY_RECORD_NAMES.accident },
        { entity: ViolationEntity, field: 'truckId', ...SAFETY_RECORD_NAMES.violation },
        // Its service history and fuel purchases (spec 2.12, 2.13).
        { entity: MaintenanceEntity, field: 'truckId', ...MAINTENANCE_RECORD_NAME },
        { entity: FuelEntity, field: 'truckId', ...FUEL_PURCHASE_NAME },
      ],
      nulledOnDelete: [
        { target: LoadEntity, field: 'assignedTruckId', entity: 'load' },
        { target: DriverEntity, field: 'assignedTruckId', entity: 'driver' },
      ],
    });
  }

  protected override async checkDelete(id: string) {
    return (await super.checkDelete(id)) ?? this.held.refuseNamed('truck', id);
  }
}
