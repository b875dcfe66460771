import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { truckInputSchema } from '@tms/contracts';
import { CrudService, EVENTS } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { TruckEntity } from './truck.entity.js';
import { TRUCK_CONSTRAINTS } from './trucks.errors.js';

/** Trucks have no rules beyond their schema and unique truck number; a deleted truck unassigns its drivers and loads. */
@Injectable()
export class TrucksService extends CrudService<TruckEntity, typeof truckInputSchema> {
  constructor(@InjectRepository(TruckEntity) repository: Repository<TruckEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, {
      entity: 'truck',
      schema: truckInputSchema,
      constraints: TRUCK_CONSTRAINTS,
      order: { createdAt: 'DESC' },
    });
  }
}
