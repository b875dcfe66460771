import { Controller, Get } from '@nestjs/common';
import { LOAD_STOP_ACTIONS, LOADS_ATTENTION_PATH, rpcSubject, type Actor, type StopAttention } from '@tms/contracts';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { RequestId } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';

/** Loads beyond their CRUD: what needs attention at their stops (issue 42), for the Dashboard. */
@Controller('api')
export class LoadsController {
  constructor(private readonly services: ServiceClient) {}

  @Get(LOADS_ATTENTION_PATH)
  attention(@SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<StopAttention[]> {
    return this.services.call<StopAttention[]>('core', rpcSubject(this.services.subjectRoot, 'core', 'loads', LOAD_STOP_ACTIONS.attention), {}, { actor, requestId });
  }
}
