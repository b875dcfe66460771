import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { IFTA_RATES_RESOURCE, rpcSubject } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor } from '@tms/service-kit';
import { IftaRatesService } from './ifta-rates.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'accounting', IFTA_RATES_RESOURCE, action);

/** `{root}.accounting.ifta-rates.{get|put}`: a quarter's IFTA tax rates. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class IftaRatesController {
  constructor(private readonly rates: IftaRatesService) {}

  @MessagePattern(subject('get'))
  get(@Payload() payload: unknown) {
    return this.rates.get(payload);
  }

  @MessagePattern(subject('put'))
  put(@Payload() payload: unknown, @Ctx() context: NatsContext) {
    return this.rates.put(payload, { resource: IFTA_RATES_RESOURCE, actor: actorOf(context) });
  }
}
