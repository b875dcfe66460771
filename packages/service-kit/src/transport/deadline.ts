import { Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { DEADLINE_HEADER, fail } from '@tms/contracts';
import { of } from 'rxjs';

/**
 * Drops a request whose caller has stopped waiting (DEADLINE_HEADER has passed), e.g. one that waited in the socket
 * while the service hung: the user was already answered 503, and a create or delete must not happen behind them.
 */
@Injectable()
export class DeadlineInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Deadline');

  intercept(context: ExecutionContext, next: CallHandler) {
    const nats = context.switchToRpc().getContext<NatsContext>();
    const deadline = Number(nats.getHeaders?.()?.get(DEADLINE_HEADER));
    const late = Date.now() - deadline;
    if (deadline && late > 0) {
      this.logger.warn(`${nats.getSubject()}: dropped, its caller stopped waiting ${late} ms ago`);
      return of(fail('unavailable', 'The request arrived after its caller had stopped waiting'));
    }
    return next.handle();
  }
}
