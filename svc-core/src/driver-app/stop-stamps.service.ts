import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { stopStampRecordSchema } from '@tms/contracts';
import { CrudService, EVENTS, type Change, type ChangeContext } from '@tms/service-kit';
import { Repository, type EntityManager } from 'typeorm';
import { StopWatch } from '../stops/stop-watch.service.js';
import { StopStampEntity } from './stop-stamp.entity.js';

export const STOP_STAMPS_RESOURCE = 'stop-stamps';

/**
 * A driver's arrivals and departures (issue 44), one record per stamp the phone sent, made once per Idempotency-Key
 * (the phone's queue sends an action until it is answered): the stop takes its time through StopWatch's stop-time
 * path (source 'driver', never over a dispatcher's), in the stamp's transaction.
 */
@Injectable()
export class StopStampsService extends CrudService<StopStampEntity, typeof stopStampRecordSchema> {
  constructor(
    @InjectRepository(StopStampEntity) repository: Repository<StopStampEntity>,
    @Inject(EVENTS) events: ClientProxy,
    private readonly watch: StopWatch,
  ) {
    super(repository, events, {
      entity: 'stop stamp',
      schema: stopStampRecordSchema,
      constraints: {
        stop_stamps_load_id_fkey: { field: 'loadId', message: 'Load not found' },
        stop_stamps_stop_id_fkey: { field: 'stopId', message: 'Stop not found' },
      },
      order: { createdAt: 'DESC' },
    });
  }

  protected override async effects(manager: EntityManager, change: Change<StopStampEntity>) {
    if (change.kind !== 'create') return;
    // The load's own audit trail says the driver changed its stops.
    const onLoad: ChangeContext = { ...change.context, resource: 'loads' };
    const followed = await this.watch.recordDriverTime(manager, change.record, onLoad);
    if (!followed.applied) return;
    return { afterCommit: () => this.watch.followDriverTime(change.record.loadId, followed, onLoad) };
  }
}
