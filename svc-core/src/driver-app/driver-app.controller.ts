import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { DRIVER_APP_ACTIONS, DRIVER_APP_RESOURCE, rpcSubject, type DriverRequest } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor, idempotencyKeyFrom } from '@tms/service-kit';
import { DriverAppService } from './driver-app.service.js';
import { DRIVER_PAIRINGS_RESOURCE, DriverPairingsService } from './driver-pairings.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'core', DRIVER_APP_RESOURCE, action);

/**
 * `{root}.core.driver-app.{action}` (packages/contracts: dispatch/driver-app.ts): staff make and end a driver's
 * pairing (`link`, `unpair`: `{ driverId }`); the driver API's requests carry the phone token's hash.
 */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class DriverAppController {
  constructor(
    private readonly app: DriverAppService,
    private readonly pairings: DriverPairingsService,
  ) {}

  @MessagePattern(subject(DRIVER_APP_ACTIONS.link))
  link(@Payload() payload: { driverId?: unknown }, @Ctx() context: NatsContext) {
    return this.pairings.link(payload?.driverId, { resource: DRIVER_PAIRINGS_RESOURCE, actor: actorOf(context) });
  }

  @MessagePattern(subject(DRIVER_APP_ACTIONS.unpair))
  unpair(@Payload() payload: { driverId?: unknown }, @Ctx() context: NatsContext) {
    return this.pairings.unpair(payload?.driverId, { resource: DRIVER_PAIRINGS_RESOURCE, actor: actorOf(context) });
  }

  @MessagePattern(subject(DRIVER_APP_ACTIONS.pair))
  pair(@Payload() payload: unknown) {
    return this.app.pair(payload);
  }

  @MessagePattern(subject(DRIVER_APP_ACTIONS.me))
  me(@Payload() payload: DriverRequest & { showPay?: boolean }) {
    return this.app.me(payload, payload?.showPay === true);
  }

  @MessagePattern(subject(DRIVER_APP_ACTIONS.loads))
  loads(@Payload() payload: DriverRequest) {
    return this.app.loads(payload);
  }

  @MessagePattern(subject(DRIVER_APP_ACTIONS.load))
  load(@Payload() payload: DriverRequest & { showPay?: boolean }) {
    return this.app.load(payload, payload?.showPay === true);
  }

  @MessagePattern(subject(DRIVER_APP_ACTIONS.document))
  document(@Payload() payload: DriverRequest, @Ctx() context: NatsContext) {
    return this.app.document(payload, idempotencyKeyFrom(context));
  }

  @MessagePattern(subject(DRIVER_APP_ACTIONS.message))
  message(@Payload() payload: DriverRequest, @Ctx() context: NatsContext) {
    return this.app.message(payload, idempotencyKeyFrom(context));
  }

  @MessagePattern(subject(DRIVER_APP_ACTIONS.stamp))
  stamp(@Payload() payload: DriverRequest, @Ctx() context: NatsContext) {
    return this.app.stamp(payload, idempotencyKeyFrom(context));
  }
}
