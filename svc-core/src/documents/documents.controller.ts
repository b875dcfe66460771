import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DOCUMENTS_RESOURCE, rpcSubject, type DocumentListPayload, type IdPayload } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { DocumentsService } from './documents.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'core', DOCUMENTS_RESOURCE, action);

/** `{root}.core.documents.{create|list|get|delete}` (packages/contracts: dispatch/document.ts). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @MessagePattern(subject('create'))
  create(@Payload() payload: unknown) {
    return this.documents.create(payload);
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
  delete(@Payload() payload: IdPayload) {
    return this.documents.delete(payload?.id);
  }
}
