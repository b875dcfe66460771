import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { DEADLINE_HEADER, EXTRACT_ACTION, EXTRACT_RESOURCE, rpcSubject, type ExtractLoadPayload } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { ExtractService } from './extract.service.js';

/** `{root}.ai.extract-load.extract`: the fields of a load from an uploaded document (POST /api/extract-load). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class ExtractController {
  constructor(private readonly extraction: ExtractService) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'ai', EXTRACT_RESOURCE, EXTRACT_ACTION))
  extract(@Payload() payload: ExtractLoadPayload, @Ctx() context: NatsContext) {
    return this.extraction.extract(payload, deadlineOf(context));
  }
}

/** A caller that sends no deadline waits as long as the gateway does by default. */
const DEFAULT_WAIT_MS = 60_000;

/** When the caller stops waiting (DEADLINE_HEADER, epoch ms): the job is cancelled then. */
function deadlineOf(context: NatsContext): number {
  const deadline = Number(context.getHeaders?.()?.get(DEADLINE_HEADER));
  return deadline > 0 ? deadline : Date.now() + DEFAULT_WAIT_MS;
}
