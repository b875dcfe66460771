import { Controller, UseInterceptors } from '@nestjs/common';
import { Ctx, MessagePattern, Payload, type NatsContext } from '@nestjs/microservices';
import { COMPANY_RESOURCE, rpcSubject } from '@tms/contracts';
import { actorOf, config, DeadlineInterceptor } from '@tms/service-kit';
import { CompanyService } from './company.service.js';

const subject = (action: string) => rpcSubject(config.subjectRoot, 'accounting', COMPANY_RESOURCE, action);

/** `{root}.accounting.company.{get|put}`: the carrier's profile. */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class CompanyController {
  constructor(private readonly company: CompanyService) {}

  @MessagePattern(subject('get'))
  get() {
    return this.company.get();
  }

  @MessagePattern(subject('put'))
  put(@Payload() payload: unknown, @Ctx() context: NatsContext) {
    return this.company.put(payload, { resource: COMPANY_RESOURCE, actor: actorOf(context) });
  }
}
