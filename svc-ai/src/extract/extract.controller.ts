import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EXTRACT_ACTION, EXTRACT_RESOURCE, rpcSubject, type ExtractLoadPayload } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { ExtractService } from './extract.service.js';

/** `{root}.ai.extract-load.extract`: the fields of a load from an uploaded document (POST /api/extract-load). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class ExtractController {
  constructor(private readonly extraction: ExtractService) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'ai', EXTRACT_RESOURCE, EXTRACT_ACTION))
  extract(@Payload() payload: ExtractLoadPayload) {
    return this.extraction.extract(payload);
  }
}
