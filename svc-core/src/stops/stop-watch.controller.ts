import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LOAD_STOP_ACTIONS, rpcSubject, STOP_WATCH_ACTIONS } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { StopAttentionList } from './stop-attention.js';
import { StopWatch } from './stop-watch.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'core', 'loads', action);

/**
 * What svc-telematics asks of loads' stops (issue 42), `{root}.core.loads.{stops-to-watch|stops-seen}`, and what
 * needs attention at them (`{root}.core.loads.attention`, the Dashboard's).
 */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class StopWatchController {
  constructor(
    private readonly watch: StopWatch,
    private readonly attentionList: StopAttentionList,
  ) {}

  @MessagePattern(subject(LOAD_STOP_ACTIONS.attention))
  attention() {
    return this.attentionList.list();
  }

  @MessagePattern(subject(STOP_WATCH_ACTIONS.toWatch))
  toWatch(@Payload() payload: unknown) {
    return this.watch.toWatch(payload);
  }

  @MessagePattern(subject(STOP_WATCH_ACTIONS.seen))
  seen(@Payload() payload: unknown) {
    return this.watch.seen(payload);
  }
}
