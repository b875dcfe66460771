import { Controller, Get, Query } from '@nestjs/common';
import { LOAD_BY_NUMBER_ACTION, LOAD_BY_NUMBER_PATH, LOAD_STOP_ACTIONS, LOADS_ATTENTION_PATH, rpcSubject, type Actor, type LoadByNumber, type StopAttention } from '@tms/contracts';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { RequestId } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';

/** Loads beyond their CRUD: what needs attention at their stops (issue 42), for the Dashboard; a load by its number (issue 47). */
@Controller('api')
export class LoadsController {
  constructor(private readonly services: ServiceClient) {}

  @Get(LOADS_ATTENTION_PATH)
  attention(@SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<StopAttention[]> {
    return this.services.call<StopAttention[]>('core', rpcSubject(this.services.subjectRoot, 'core', 'loads', LOAD_STOP_ACTIONS.attention), {}, { actor, requestId });
  }

  @Get(LOAD_BY_NUMBER_PATH)
  byNumber(@Query('loadNumber') loadNumber: unknown, @RequestId() requestId?: string): Promise<LoadByNumber> {
    return this.services.call<LoadByNumber>('core', rpcSubject(this.services.subjectRoot, 'core', 'loads', LOAD_BY_NUMBER_ACTION), { loadNumber }, { requestId });
  }
}
