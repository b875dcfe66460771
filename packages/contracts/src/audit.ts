import { z } from 'zod';
import { IFTA_RATES_RESOURCE } from './reports/ifta.js';
import { COMPANY_RESOURCE } from './accounting/company.js';
import { FACTORING_AUDITED_RESOURCES } from './accounting/factoring.js';
import { DOCUMENTS_RESOURCE } from './dispatch/document.js';
import { CHARGES_RESOURCE } from './dispatch/charge.js';
import { CHARGE_TERMS_RESOURCE } from './dispatch/charge-terms.js';
import { RESOURCE_OWNERS, type ServiceName } from './subjects.js';
import { isCalendarDay } from './fields.js';

/**
 * The audit trail: every create, update and delete of a resource through the API, written by the owning service in
 * the same transaction as the change (service-kit's CrudService), never changed afterwards; and what was done with a
 * record beyond changing it: an invoice sent by e-mail ('send', issue 46: to whom, with what, and the result).
 */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'send'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A field's value before and after: a create has only `to`, a delete only `from`. */
export const auditChangeSchema = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string().describe('When the change was made (ISO 8601)'),
  userId: z.string().nullable().describe('Who made it: the signed-in user, null for a change no user made (none today)'),
  userEmail: z.string().nullable(),
  resource: z.string(),
  recordId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.record(z.string(), auditChangeSchema).describe('Field → its values: for an update only the fields that changed'),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The resources with an audit trail, and the service that keeps it: every /api resource, a load's documents and charges, the company profile and charge terms, IFTA's rates. */
export const AUDITED_RESOURCES: Record<string, ServiceName> = { ...RESOURCE_OWNERS, [DOCUMENTS_RESOURCE]: 'core', [CHARGES_RESOURCE]: 'core', [CHARGE_TERMS_RESOURCE]: 'core', [COMPANY_RESOURCE]: 'accounting', [IFTA_RATES_RESOURCE]: 'accounting',
  ...Object.fromEntries(FACTORING_AUDITED_RESOURCES.map((resource) => [resource, 'accounting' as const])),
};

/** The NATS header with the user a change is made for (JSON of an Actor): the audit trail's "who". */
export const ACTOR_HEADER = 'Tms-Actor';
export interface Actor {
  id: string;
  email: string;
}

/** Who the audit trail names for what the system does by itself on its schedule (an invoice overdue once past due). */
export const SYSTEM_ACTOR = { id: '00000000-0000-4000-8000-000000000001', email: 'system' } as const;

/** Entries in one page of the audit trail. */
export const AUDIT_PAGE_SIZE = 100;

/** A day, or a time on it to the microsecond, with or without its offset from UTC. */
const DAY_OR_INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/**
 * Whether every part of a day or time that has DAY_OR_INSTANT's form is real (no 30 February, no hour 24, no year 0,
 * an offset Postgres knows: up to 15:59), so that Postgres reads it rather than failing the request. Another text is
 * left to the pattern's check (one message, not two).
 */
const hasRealParts = (text: string) => {
  const parts = DAY_OR_INSTANT.exec(text);
  if (!parts) return true;
  if (!isCalendarDay(parts[1]) || parts[1] < '0001') return false;
  const [hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = parts.slice(2).map((part) => (part === undefined ? undefined : Number(part)));
  return hour < 24 && minute < 60 && second < 60 && offsetHours < 16 && offsetMinutes < 60;
};
// The pattern too, so that the API document says what the field takes.
const instant = (message: string) => z.string().trim().regex(DAY_OR_INSTANT, message).refine(hasRealParts, message);

/** A page's cursor: the time of its last entry as the trail answers it, and the entry's id. */
const AUDIT_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const cursorHasRealTime = (text: string) => hasRealParts(AUDIT_CURSOR.exec(text)?.[1] ?? '');

export const AUDIT_MESSAGES = {
  resource: 'Unknown resource',
  id: 'The record id must be a uuid',
  idNeedsResource: 'Give the resource of the record (resource=loads&id=...)',
  user: 'The user must be an e-mail address',
  from: 'From must be a date (YYYY-MM-DD) or an ISO 8601 time',
  to: 'To must be a date (YYYY-MM-DD) or an ISO 8601 time',
  after: 'The cursor is not one this list gave',
} as const;

/**
 * GET /api/audit's query: one record's history (`resource` and `id`), or everything, narrowed by resource, user
 * (e-mail) and time (`from` inclusive, `to` exclusive; a day means its start in UTC); newest first, a page at a time
 * (`after` is the previous page's `next`).
 */
export const auditQuerySchema = z
  .object({
    resource: z
      .string()
      .refine((value) => Object.hasOwn(AUDITED_RESOURCES, value), AUDIT_MESSAGES.resource)
      .optional(),
    id: z.uuid({ error: AUDIT_MESSAGES.id }).optional(),
    user: z.email({ error: AUDIT_MESSAGES.user }).max(320).toLowerCase().optional(),
    from: instant(AUDIT_MESSAGES.from).optional(),
    to: instant(AUDIT_MESSAGES.to).optional(),
    after: z.string().regex(AUDIT_CURSOR, AUDIT_MESSAGES.after).refine(cursorHasRealTime, AUDIT_MESSAGES.after).optional(),
  })
  .strict()
  .refine((query) => !query.id || query.resource, { message: AUDIT_MESSAGES.idNeedsResource, path: ['id'] });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** A page of the audit trail: `next` is the `after` of the page after it, null on the last page. */
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), next: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The cursor after `entry`: its time and id, the order the trail is read in. */
export const auditCursor = (entry: Pick<AuditEntry, 'at' | 'id'>) => `${entry.at}|${entry.id}`;

/** The subject action every resource-owning service answers the audit trail on: `{root}.{service}.audit.list`. */
export const AUDIT_RESOURCE = 'audit';
