import { Controller, UseInterceptors, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { REFERENCES_RESOURCE, rpcSubject, type NamedByPayload, type ServiceName } from '@tms/contracts';
import { config } from '../config.js';
import { DeadlineInterceptor } from '../transport/deadline.js';
import { ReferenceHolds } from './reference-holds.js';

/** `{root}.{service}.references.named`: svc-core asks a holder service what its records name now. */
export function referenceHoldsController(service: ServiceName): Type {
  @Controller()
  @UseInterceptors(DeadlineInterceptor)
  class ReferenceHoldsController {
    constructor(readonly holds: ReferenceHolds) {}

    @MessagePattern(rpcSubject(config.subjectRoot, service, REFERENCES_RESOURCE, 'named'))
    named(@Payload() payload: NamedByPayload) {
      return this.holds.named(payload ?? { resource: '', ids: [] }, service);
    }
  }
  Reflect.defineMetadata('design:paramtypes', [ReferenceHolds], ReferenceHoldsController);
  return ReferenceHoldsController;
}
