import { Controller, UseInterceptors, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { rpcSubject, type IdPayload, type ListPagePayload, type ServiceName, type UpdatePayload } from '@tms/contracts';
import { config } from './config.js';
import { DeadlineInterceptor } from './deadline.js';
import type { CrudService } from './crud.service.js';

/**
 * The thin NATS handlers of one resource: `{root}.{service}.{resource}.{list|get|create|update|delete}`, each
 * handing its payload to the domain service, which validates it and answers errors as data. A request that arrives
 * after its caller stopped waiting is dropped.
 */
export function crudController(service: ServiceName, resource: string, domainService: Type<CrudService<any, any>>): Type {
  const subject = (action: string) => rpcSubject(config.subjectRoot, service, resource, action);

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
    create(@Payload() payload: unknown) {
      return this.records.create(payload);
    }

    @MessagePattern(subject('update'))
    update(@Payload() payload: UpdatePayload) {
      return this.records.update(payload?.id, payload?.changes);
    }

    @MessagePattern(subject('delete'))
    delete(@Payload() payload: IdPayload) {
      return this.records.delete(payload?.id);
    }
  }
  // Nest resolves constructor parameters from this metadata; the factory cannot name the class in the signature.
  Reflect.defineMetadata('design:paramtypes', [domainService], ResourceController);
  Object.defineProperty(ResourceController, 'name', { value: `${resource[0].toUpperCase()}${resource.slice(1)}Controller` });
  return ResourceController;
}
