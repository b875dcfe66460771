import { Controller, UseInterceptors } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { COMPLIANCE_RESOURCE, rpcSubject } from '@tms/contracts';
import { config, DeadlineInterceptor } from '@tms/service-kit';
import { ComplianceService } from './compliance.service.js';

/** `{root}.core.compliance.list`: what needs attention (packages/contracts: safety/compliance.ts). */
@Controller()
@UseInterceptors(DeadlineInterceptor)
export class ComplianceController {
  constructor(private readonly compliance: ComplianceService) {}

  @MessagePattern(rpcSubject(config.subjectRoot, 'core', COMPLIANCE_RESOURCE, 'list'))
  list() {
    return this.compliance.list();
  }
}
