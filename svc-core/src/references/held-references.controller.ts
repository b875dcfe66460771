import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { REFERENCES_RESOURCE, rpcSubject } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { HeldReferences } from './held-references.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'core', REFERENCES_RESOURCE, action);

/** `{root}.core.references.{hold|release|hold-existing}`: other services hold the records they name. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class HeldReferencesController {
  constructor(private readonly references: HeldReferences) {}

  @MessagePattern(subject('hold'))
  hold(@Payload() payload: unknown) {
    return this.references.hold(payload);
  }

  @MessagePattern(subject('release'))
  release(@Payload() payload: unknown) {
    return this.references.release(payload);
  }

  @MessagePattern(subject('hold-existing'))
  holdExisting(@Payload() payload: unknown) {
    return this.references.holdExisting(payload);
  }
}
