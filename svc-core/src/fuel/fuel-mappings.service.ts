import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { FUEL_MAPPING_MESSAGES, fuelCardMappingInputSchema, isRecordId } from '@tms/contracts';
import { CrudService, EVENTS } from '@tms/service-kit';
import { Repository } from 'typeorm';
import { FuelMappingEntity } from './fuel-mapping.entity.js';

/** Issue 48: saved column mappings of fuel card statements, written through the write pipeline as every record is. */
@Injectable()
export class FuelMappingsService extends CrudService<FuelMappingEntity, typeof fuelCardMappingInputSchema> {
  constructor(@InjectRepository(FuelMappingEntity) repository: Repository<FuelMappingEntity>, @Inject(EVENTS) events: ClientProxy) {
    super(repository, events, {
      entity: 'fuelCardMapping',
      schema: fuelCardMappingInputSchema,
      constraints: { fuel_card_mappings_name_key: { field: 'name', message: FUEL_MAPPING_MESSAGES.nameTaken } },
      order: { name: 'ASC' },
    });
  }

  /** Every saved mapping, by name (a company keeps a handful: no pages). */
  all(): Promise<FuelMappingEntity[]> {
    return this.repository.find({ order: { name: 'ASC', id: 'ASC' } });
  }

  /** The mapping of an id, or null when there is none (or the id is none). */
  async find(id: unknown): Promise<FuelMappingEntity | null> {
    return isRecordId(id) ? this.repository.findOneBy({ id }) : null;
  }
}
