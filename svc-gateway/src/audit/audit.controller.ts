import { Controller, Get, HttpException, Query } from '@nestjs/common';
import {
  AUDIT_PAGE_SIZE,
  AUDIT_RESOURCE,
  auditCursor,
  AUDITED_RESOURCES,
  auditQuerySchema,
  fieldIssues,
  INVALID_INPUT,
  rpcSubject,
  type AuditEntry,
  type AuditPage,
  type ServiceName,
} from '@tms/contracts';
import { RequestId } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';

/** The services that own resources, and so keep an audit trail. */
const AUDITED_SERVICES = [...new Set(Object.values(AUDITED_RESOURCES))];

const newestFirst = (a: AuditEntry, b: AuditEntry) => (a.at === b.at ? (a.id < b.id ? 1 : -1) : a.at < b.at ? 1 : -1);

/**
 * GET /api/audit: who changed what. A resource's trail is its owner's; without a resource, every owner's trails are
 * read with the same cursor and merged, newest first, a page at a time (`next` is the next page's `after`).
 * Read only: no route changes or deletes an entry.
 */
@Controller('api')
export class AuditController {
  constructor(private readonly services: ServiceClient) {}

  @Get(AUDIT_RESOURCE)
  async list(@Query() query: Record<string, unknown>, @RequestId() requestId?: string): Promise<AuditPage> {
    const parsed = auditQuerySchema.safeParse(query);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error);
      throw new HttpException({ message: Object.values(issues)[0]?.[0] ?? INVALID_INPUT, issues }, 400);
    }
    const owners: ServiceName[] = parsed.data.resource ? [AUDITED_RESOURCES[parsed.data.resource]] : AUDITED_SERVICES;
    const pages = await Promise.all(
      owners.map((owner) => this.services.call<AuditPage>(owner, rpcSubject(this.services.subjectRoot, owner, AUDIT_RESOURCE, 'list'), parsed.data, { requestId })),
    );
    const merged = pages.flatMap((page) => page.entries).sort(newestFirst);
    const entries = merged.slice(0, AUDIT_PAGE_SIZE);
    const more = merged.length > AUDIT_PAGE_SIZE || pages.some((page) => page.next !== null);
    return { entries, next: more && entries.length ? auditCursor(entries.at(-1)!) : null };
  }
}
