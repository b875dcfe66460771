import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { CHARGE_TERMS_RESOURCE, CHARGES_FOR_LOADS_ACTION, CHARGES_RESOURCE, rpcSubject, type ChargeListPayload, type ChargesForLoadsPayload, type ChargeWritePayload } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor, idempotencyKeyFrom, type ChangeContext } from '@tms/service-kit';
import { ChargesService } from './charges.service.js';
import { ChargeTermsService } from './charge-terms.service.js';

const charges = (action: string) => rpcSubject(config.subjectRoot, 'core', CHARGES_RESOURCE, action);
const terms = (action: string) => rpcSubject(config.subjectRoot, 'core', CHARGE_TERMS_RESOURCE, action);
const change = (resource: string, context: NatsContext): ChangeContext => ({ resource, actor: actorOf(context) });

/**
 * `{root}.core.charges.{list|create|update|delete}`: a load's charge lines, named by the load and the line;
 * `{root}.core.charge-terms.{get|put|for-load}`: the company's terms, and those that apply to a load (issue 43).
 */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class ChargesController {
  constructor(
    private readonly lines: ChargesService,
    private readonly terms: ChargeTermsService,
  ) {}

  @MessagePattern(charges('list'))
  list(@Payload() payload: ChargeListPayload) {
    return this.lines.listFor(payload?.loadId);
  }

  /** Issue 43: the lines of many loads at once (a driver's settlement, svc-accounting). */
  @MessagePattern(charges(CHARGES_FOR_LOADS_ACTION))
  forLoads(@Payload() payload: ChargesForLoadsPayload) {
    return this.lines.listForLoads(payload?.loadIds);
  }

  @MessagePattern(charges('create'))
  create(@Payload() payload: ChargeWritePayload, @Ctx() context: NatsContext) {
    return this.lines.createFor(payload?.loadId, payload?.changes, { ...change(CHARGES_RESOURCE, context), idempotencyKey: idempotencyKeyFrom(context) });
  }

  @MessagePattern(charges('update'))
  update(@Payload() payload: ChargeWritePayload, @Ctx() context: NatsContext) {
    return this.lines.updateFor(payload?.loadId, payload?.chargeId, payload?.changes, change(CHARGES_RESOURCE, context));
  }

  @MessagePattern(charges('delete'))
  delete(@Payload() payload: ChargeWritePayload, @Ctx() context: NatsContext) {
    return this.lines.deleteFor(payload?.loadId, payload?.chargeId, change(CHARGES_RESOURCE, context));
  }

  @MessagePattern(terms('get'))
  getTerms() {
    return this.terms.read();
  }

  @MessagePattern(terms('put'))
  putTerms(@Payload() payload: unknown, @Ctx() context: NatsContext) {
    return this.terms.put(payload, change(CHARGE_TERMS_RESOURCE, context));
  }

  @MessagePattern(terms('for-load'))
  forLoad(@Payload() payload: ChargeListPayload) {
    return this.terms.readForLoad(payload?.loadId);
  }
}
