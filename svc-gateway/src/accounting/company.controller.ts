import { Body, Controller, Get, Put } from '@nestjs/common';
import { COMPANY_RESOURCE, rpcSubject, type Actor, type CompanyProfile } from '@tms/contracts';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { RequestId } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';

/** The carrier's profile (issue 26), kept by svc-accounting: GET answers the defaults until one is saved. */
@Controller('api')
export class CompanyController {
  constructor(private readonly services: ServiceClient) {}

  @Get(COMPANY_RESOURCE)
  get(@RequestId() requestId?: string): Promise<CompanyProfile> {
    return this.services.call<CompanyProfile>('accounting', this.subject('get'), {}, { requestId });
  }

  @Put(COMPANY_RESOURCE)
  put(@Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<CompanyProfile> {
    return this.services.call<CompanyProfile>('accounting', this.subject('put'), body ?? {}, { actor, requestId });
  }

  private subject(action: string) {
    return rpcSubject(this.services.subjectRoot, 'accounting', COMPANY_RESOURCE, action);
  }
}
