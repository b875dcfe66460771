import { Controller, UseInterceptors, type Type } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { rpcSubject, type IdPayload, type ListPagePayload, type ServiceName, type UpdatePayload } from '@tms/contracts';
import { actorOf, type ChangeContext } from './audit-trail.js';
import { config } from './config.js';
import { DeadlineInterceptor } from './deadline.js';
import type { CrudService } from './crud.service.js';

/**
 * The thin NATS handlers of one resource: `{root}.{service}.{resource}.{list|get|create|update|delete}`, each
 * handing its payload to the domain service, which validates it and answers errors as data, and a change who makes
 * it (the gateway's ACTOR_HEADER) for the audit trail. A request that arrives after its caller stopped waiting is
 * dropped.
 */
export function crudController(service: ServiceName, resource: string, domainService: Type<CrudService<any, any>>): Type {
  const subject = (action: string) => rpcSubject(config.subjectRoot, service, resource, action);
  const change = (context: NatsContext): ChangeContext => ({ resource, actor: actorOf(context) });

  @Controller()
  @UseInterceptors(DeadlineInterceptor)
  class ResourceController {
    constructor(readonly records: CrudService<any, any>) {}

    @MessagePattern(subject('list'))
    list(@Payload() payload: ListPagePayload) {
      return this.records.list(payload?.after);
    }

    @MessagePattern(subject('get'))
    get(@Payload() payload: IdPayload) {
      return this.records.get(payload?.id);
    }

    @MessagePattern(subject('create'))
    create(@Payload() payload: unknown, @Ctx() context: NatsContext) {
      return this.records.create(payload, change(context));
    }

    @MessagePattern(subject('update'))
    update(@Payload() payload: UpdatePayload, @Ctx() context: NatsContext) {
      return this.records.update(payload?.id, payload?.changes, change(context));
    }

    @MessagePattern(subject('delete'))
    delete(@Payload() payload: IdPayload, @Ctx() context: NatsContext) {
      return this.records.delete(payload?.id, change(context));
    }
  }
  // Nest resolves constructor parameters from this metadata; the factory cannot name the class in the signature.
  Reflect.defineMetadata('design:paramtypes', [domainService], ResourceController);
  Object.defineProperty(ResourceController, 'name', { value: `${resource[0].toUpperCase()}${resource.slice(1)}Controller` });
  return ResourceController;
}
