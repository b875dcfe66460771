import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { DRIVER_MESSAGES, driverInputSchema, FUEL_PURCHASE_NAME, IMPORTS, invalidInput, normalizedPayRate, payRuleIssues, SAFETY_RECORD_NAMES, type DriverFields } from '@tms/contracts';
import { CrudService, EVENTS, refuseMissingReferences } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { AccidentEntity } from '../accidents/accident.entity.js';
import { InspectionEntity } from '../inspections/inspection.entity.js';
import { LoadEntity } from '../loads/load.entity.js';
import { HeldReferences } from '../references/held-references.service.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { ViolationEntity } from '../violations/violation.entity.js';
import { FuelEntity } from '../fuel/fuel.entity.js';
import { DriverEntity } from './driver.entity.js';
import { DRIVER_CONSTRAINTS } from './drivers.errors.js';

/**
 * A driver's assigned truck must exist. A deleted driver is unassigned from its loads (the foreign key nulls it,
 * announced as the loads' update); a driver whose history is kept, or whom another service's records name (a
 * settlement), is not deleted.
 */
@Injectable()
export class DriversService extends CrudService<DriverEntity, typeof driverInputSchema> {
  constructor(
    @InjectRepository(DriverEntity) repository: Repository<DriverEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly held: HeldReferences,
  ) {
    super(repository, events, {
      entity: 'driver',
      schema: driverInputSchema,
      constraints: DRIVER_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      imports: IMPORTS.drivers,
      keptBy: [
        // Their safety history (spec 2.10): a carrier never loses it.
        { entity: InspectionEntity, field: 'driverId', ...SAFETY_RECORD_NAMES.inspection },
        { entity: AccidentEntity, field: 'driverId', ...SAFETY_RECORD_NAMES.accident },
        { entity: ViolationEntity, field: 'driverId', ...SAFETY_RECORD_NAMES.violation },
        // Their fuel purchases (spec 2.13).
        { entity: FuelEntity, field: 'driverId', ...FUEL_PURCHASE_NAME },
      ],
      nulledOnDelete: [{ target: LoadEntity, field: 'assignedDriverId', entity: 'load' }],
    });
  }

  protected override async checkDelete(id: string) {
    return (await super.checkDelete(id)) ?? this.held.refuseNamed('driver', id);
  }

  /** A pay rule is a type and a rate both, the rate with its type's decimals (kept so: '28' → '28.00'). */
  protected override derive(driver: DriverEntity) {
    const issues = payRuleIssues(driver);
    if (issues) return invalidInput(issues);
    if (driver.payType && driver.payRate) driver.payRate = normalizedPayRate(driver.payType, driver.payRate)!;
    return undefined;
  }

  /** The assigned truck must exist: say so under the field rather than fail on the foreign key. */
  protected override async check(fields: Partial<DriverFields>) {
    return refuseMissingReferences(this.repository.manager, [
      { field: 'assignedTruckId', entity: TruckEntity, id: fields.assignedTruckId, message: DRIVER_MESSAGES.assignedTruckId },
    ]);
  }
}
