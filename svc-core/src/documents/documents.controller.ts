import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { DOCUMENTS_RESOURCE, rpcSubject, type DocumentListPayload, type IdPayload } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor, type ChangeContext } from '@tms/service-kit';
import { DocumentsService } from './documents.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'core', DOCUMENTS_RESOURCE, action);
const change = (context: NatsContext): ChangeContext => ({ resource: DOCUMENTS_RESOURCE, actor: actorOf(context) });

/** `{root}.core.documents.{create|list|get|delete}` (packages/contracts: dispatch/document.ts). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @MessagePattern(subject('create'))
  create(@Payload() payload: unknown, @Ctx() context: NatsContext) {
    return this.documents.create(payload, change(context));
  }

  @MessagePattern(subject('list'))
  list(@Payload() payload: DocumentListPayload) {
    return this.documents.list(payload?.loadId);
  }

  @MessagePattern(subject('get'))
  get(@Payload() payload: IdPayload) {
    return this.documents.get(payload?.id);
  }

  @MessagePattern(subject('delete'))
  delete(@Payload() payload: IdPayload, @Ctx() context: NatsContext) {
    return this.documents.delete(payload?.id, change(context));
  }
}
