import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { LOAD_MESSAGES, loadInputSchema, type LoadFields } from '@tms/contracts';
import { CrudService, EVENTS, refuseMissingReferences, type ChangeContext } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { CustomerEntity } from '../customers/customer.entity.js';
import { AccidentEntity } from '../accidents/accident.entity.js';
import { DocumentFiles } from '../documents/document-files.js';
import { DriverEntity } from '../drivers/driver.entity.js';
import { FuelEntity } from '../fuel/fuel.entity.js';
import { HeldReferences } from '../references/held-references.service.js';
import { TruckEntity } from '../trucks/truck.entity.js';
import { LoadEntity } from './load.entity.js';
import { LOAD_CONSTRAINTS } from './loads.errors.js';

/**
 * A load names its customer, and may name a driver and a truck: each must exist when the load is written. Its
 * documents go with it (their rows by the foreign key's cascade, their bytes right after); it is never deleted
 * while another service's records name it (an invoice, an expense); fuel purchases and accidents keep their own
 * record of it without the load (the foreign key nulls it, announced as their update).
 */
@Injectable()
export class LoadsService extends CrudService<LoadEntity, typeof loadInputSchema> {
  constructor(
    @InjectRepository(LoadEntity) repository: Repository<LoadEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly documentFiles: DocumentFiles,
    private readonly held: HeldReferences,
  ) {
    super(repository, events, {
      entity: 'load',
      schema: loadInputSchema,
      constraints: LOAD_CONSTRAINTS,
      order: { createdAt: 'DESC' },
      nulledOnDelete: [
        { target: FuelEntity, field: 'loadId', entity: 'fuel' },
        { target: AccidentEntity, field: 'loadId', entity: 'accident' },
      ],
    });
  }

  protected override checkDelete(id: string) {
    return this.held.refuseNamed('load', id);
  }

  /** The customer, driver and truck a load names must exist: say so under each field rather than fail on a key. */
  protected override async check(fields: Partial<LoadFields>) {
    return refuseMissingReferences(this.repository.manager, [
      { field: 'customerId', entity: CustomerEntity, id: fields.customerId, message: LOAD_MESSAGES.customerNotFound },
      { field: 'assignedDriverId', entity: DriverEntity, id: fields.assignedDriverId, message: LOAD_MESSAGES.assignedDriverId },
      { field: 'assignedTruckId', entity: TruckEntity, id: fields.assignedTruckId, message: LOAD_MESSAGES.assignedTruckId },
    ]);
  }

  override async delete(id: unknown, context: ChangeContext) {
    const deleted = await super.delete(id, context);
    if (deleted.ok) await this.documentFiles.sweep();
    return deleted;
  }
}
