import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { LOAD_ACCOUNTING_ACTIONS, LOAD_BY_NUMBER_ACTION, rpcSubject, type IdPayload } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor } from '@tms/service-kit';
import { LoadsService } from './loads.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'core', 'loads', action);

/** What svc-accounting asks of loads beside their CRUD (issue 26): `{root}.core.loads.{mark-invoiced|payable|summaries}`; and `by-number` (issue 47). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class LoadsAccountingController {
  constructor(private readonly loads: LoadsService) {}

  @MessagePattern(subject(LOAD_ACCOUNTING_ACTIONS.markInvoiced))
  markInvoiced(@Payload() payload: IdPayload, @Ctx() context: NatsContext) {
    return this.loads.markInvoiced(payload?.id, { resource: 'loads', actor: actorOf(context) });
  }

  @MessagePattern(subject(LOAD_ACCOUNTING_ACTIONS.payable))
  payable(@Payload() payload: unknown) {
    return this.loads.payable(payload);
  }

  /** Not accounting's, but a read beside the CRUD all the same (issue 47): the load dialog's duplicate check. */
  @MessagePattern(subject(LOAD_BY_NUMBER_ACTION))
  byNumber(@Payload() payload: unknown) {
    return this.loads.byNumber(payload);
  }

  @MessagePattern(subject(LOAD_ACCOUNTING_ACTIONS.summaries))
  summaries(@Payload() payload: { ids?: unknown }) {
    return this.loads.summaries(payload?.ids);
  }
}
