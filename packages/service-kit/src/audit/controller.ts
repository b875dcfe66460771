import { Controller, Inject, Logger, UseInterceptors, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AUDIT_RESOURCE, auditQuerySchema, fieldIssues, invalidInput, ok, rpcSubject, type AuditPage, type RpcReply, type ServiceName } from '@tms/contracts';
import { DataSource } from 'typeorm';
import { config } from '../config.js';
import { internalErrorReply } from '../errors.js';
import { DeadlineInterceptor } from '../transport/deadline.js';
import { auditPage } from './page.js';

/**
 * `{root}.{service}.audit.list`: a page of the service's audit trail (the gateway checked the query against the
 * contract's schema and merges the services' pages). There is no subject to change or delete an entry.
 */
export function auditController(service: ServiceName): Type {
  @Controller()
  @UseInterceptors(DeadlineInterceptor)
  class AuditController {
    private readonly logger = new Logger('AuditTrail');

    constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

    @MessagePattern(rpcSubject(config.subjectRoot, service, AUDIT_RESOURCE, 'list'))
    async list(@Payload() payload: unknown): Promise<RpcReply<AuditPage>> {
      const query = auditQuerySchema.safeParse(payload ?? {});
      if (!query.success) return invalidInput(fieldIssues(query.error));
      try {
        return ok(await auditPage(this.dataSource, query.data));
      } catch (error) {
        this.logger.warn(`Reading the audit trail failed: ${error instanceof Error ? error.message : String(error)}`);
        return internalErrorReply(error);
      }
    }
  }
  return AuditController;
}
