import { Controller, Inject, UseInterceptors, type Type } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  fieldIssues,
  IMPORT_ACTION,
  IMPORT_UPLOAD_TTL_MS,
  importPayloadSchema,
  importUploadBucket,
  invalidInput,
  rpcSubject,
  type IdPayload,
  type ImportResult,
  type ListPagePayload,
  type RpcReply,
  type ServiceName,
  type UpdatePayload,
} from '@tms/contracts';
import { actorOf, type ChangeContext } from '../audit/writes.js';
import { config } from '../config.js';
import { DeadlineInterceptor } from '../transport/deadline.js';
import type { CrudService } from './crud.service.js';
import { idempotencyKeyFrom } from './idempotency.js';
import { NATS_CONNECTION } from '../transport/nats-connection.js';
import { UploadStore } from '../transport/upload-store.js';
import { takeUploadedCsv } from './csv-rows.js';

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
      return this.records.list(payload?.after, payload?.query);
    }

    @MessagePattern(subject('get'))
    get(@Payload() payload: IdPayload) {
      return this.records.get(payload?.id);
    }

    @MessagePattern(subject('create'))
    create(@Payload() payload: unknown, @Ctx() context: NatsContext) {
      return this.records.create(payload, { ...change(context), idempotencyKey: idempotencyKeyFrom(context) });
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

/**
 * `{root}.{service}.{resource}.import` for a resource that takes CSV imports (CrudOptions.imports): the gateway put
 * the file in the upload bucket importUploadBucket(root) (a file is larger than a NATS message); the handler takes it
 * and hands its bytes to the domain service's importCsv, with who imports it for the audit trail.
 */
export function crudImportController(service: ServiceName, resource: string, domainService: Type<CrudService<any, any>>): Type {
  @Controller()
  @UseInterceptors(DeadlineInterceptor)
  class ImportController {
    private readonly uploads: UploadStore;

    constructor(
      readonly records: CrudService<any, any>,
      @Inject(NATS_CONNECTION) nats: NatsConnection,
    ) {
      this.uploads = new UploadStore(importUploadBucket(config.subjectRoot), IMPORT_UPLOAD_TTL_MS, nats);
    }

    @MessagePattern(rpcSubject(config.subjectRoot, service, resource, IMPORT_ACTION))
    async import(@Payload() payload: unknown, @Ctx() context: NatsContext): Promise<RpcReply<ImportResult>> {
      const parsed = importPayloadSchema.safeParse(payload ?? {});
      if (!parsed.success) return invalidInput(fieldIssues(parsed.error));
      const taken = await takeUploadedCsv(this.uploads, parsed.data.object);
      if (!taken.ok) return taken;
      const file = taken.data;
      return this.records.importCsv(file, { dryRun: parsed.data.dryRun, skipInvalid: parsed.data.skipInvalid }, { resource, actor: actorOf(context) });
    }
  }
  Reflect.defineMetadata('design:paramtypes', [domainService, Object], ImportController);
  Object.defineProperty(ImportController, 'name', { value: `${resource[0].toUpperCase()}${resource.slice(1)}ImportController` });
  return ImportController;
}
