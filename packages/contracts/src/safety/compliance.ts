import { z } from 'zod';

/**
 * Compliance at a glance: what expires or is overdue across drivers, trucks, maintenance and violations, in one list
 * (`GET /api/compliance`, owned by svc-core, `{root}.core.compliance.list`).
 */
export const COMPLIANCE_RESOURCE = 'compliance';

export const COMPLIANCE_KINDS = ['cdl', 'medical', 'annual-inspection', 'service', 'violation-fine'] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];

export const COMPLIANCE_STATUSES = ['expired', 'due-soon', 'missing'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const COMPLIANCE_STATUS_LABELS: Record<ComplianceStatus, string> = {
  expired: 'Expired',
  'due-soon': 'Due Soon',
  missing: 'Missing',
};

/**
 * How many days ahead each kind is listed (a date this many days away or fewer, or past). Licences and medical
 * cards use the spec's 30-day expiry warning (section 4); a periodic inspection (49 CFR 396.17) is due a year after
 * the last one that passed.
 */
export const COMPLIANCE_WINDOW_DAYS: Record<ComplianceKind, number> = {
  cdl: 30,
  medical: 30,
  'annual-inspection': 30,
  service: 14,
  'violation-fine': 14,
};

/** The inspections that count as a truck's periodic inspection, when Passed. */
export const PERIODIC_INSPECTION_TYPES = ['Annual', 'DOT'] as const;

export const complianceItemSchema = z.object({
  kind: z.enum(COMPLIANCE_KINDS),
  subjectType: z.enum(['driver', 'truck']),
  subjectId: z.string(),
  subjectName: z.string().describe("The driver's name or the truck's number"),
  dueDate: z.string().nullable().describe('YYYY-MM-DD, or null for a missing item'),
  daysLeft: z.number().int().nullable().describe("Whole days from today in the company's calendar (negative when past), or null for a missing item"),
  status: z.enum(COMPLIANCE_STATUSES),
  message: z.string().describe("One line a person can read: 'CDL of Maria Lopez expired 3 days ago'"),
  recordId: z.string().optional().describe('The record the item is about when it is not the subject itself (the maintenance record, the violation)'),
  detail: z.string().optional().describe("That record's kind: the maintenance type ('Oil Change') or the violation type ('Speeding')"),
});
export type ComplianceItem = z.infer<typeof complianceItemSchema>;

/** An item as a calendar event's title, true on any day (a message's 'in 12 days' is true only today). */
export function calendarTitle(item: ComplianceItem): string {
  switch (item.kind) {
    case 'cdl':
      return `CDL expires: ${item.subjectName}`;
    case 'medical':
      return `Medical card expires: ${item.subjectName}`;
    case 'annual-inspection':
      return `Annual inspection due: truck ${item.subjectName}`;
    case 'service':
      return `${item.detail} due: truck ${item.subjectName}`;
    case 'violation-fine':
      return `${item.detail} fine due: ${item.subjectName}`;
  }
}

/** An item's identity across answers (a renewed licence is the same item with another date). */
export const complianceItemKey = (item: ComplianceItem) => [item.kind, item.subjectId, item.recordId].filter(Boolean).join(':');

/** The screen where an item is put right, by its path and its sidebar name. */
export const COMPLIANCE_FIX_SCREENS: Record<ComplianceKind, { path: string; name: string }> = {
  cdl: { path: '/drivers', name: 'Drivers' },
  medical: { path: '/drivers', name: 'Drivers' },
  'annual-inspection': { path: '/fleet', name: 'Fleet' },
  service: { path: '/maintenance', name: 'Maintenance' },
  'violation-fine': { path: '/safety?tab=violations', name: 'Safety' },
};

/**
 * Where an item is put right (issue 47): its record opened on its screen (`open=<id>`): the driver's or the truck's
 * drawer, the service's or the violation's dialog.
 */
export function complianceFixPath(item: ComplianceItem): string {
  const { path } = COMPLIANCE_FIX_SCREENS[item.kind];
  const id = item.kind === 'service' || item.kind === 'violation-fine' ? (item.recordId ?? item.subjectId) : item.subjectId;
  return `${path}${path.includes('?') ? '&' : '?'}open=${encodeURIComponent(id)}`;
}

/** 'in 12 days', 'today', '3 days ago'. */
export function daysPhrase(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  const days = Math.abs(daysLeft) === 1 ? '1 day' : `${Math.abs(daysLeft)} days`;
  return daysLeft > 0 ? `in ${days}` : `${days} ago`;
}

/**
 * The signed-in user's compliance calendar link (GET: whether one exists and when it ends; POST: a new one, replacing
 * it; DELETE: revoked), and its renewal (POST CALENDAR_FEED_RENEW_PATH: the same link, for CALENDAR_FEED_DAYS more).
 */
export const CALENDAR_FEED_PATH = '/api/calendar-feed';
export const CALENDAR_FEED_RENEW_PATH = `${CALENDAR_FEED_PATH}/renew`;
/** How long a calendar link works after it is made or renewed. */
export const CALENDAR_FEED_DAYS = 365;
export const CALENDAR_FEED_MESSAGES = { none: 'There is no calendar link to renew: create one.' } as const;
export const calendarFeedSchema = z.object({
  createdAt: z.string().nullable().describe('When the current link was made (ISO time), or null when there is none'),
  expiresAt: z.string().nullable().describe('When the current link stops working unless renewed (ISO time), or null when there is none'),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
/** A new link, shown once: its key is stored hashed. */
export const calendarFeedLinkSchema = z.object({ url: z.string(), createdAt: z.string(), expiresAt: z.string() });
export type CalendarFeedLink = z.infer<typeof calendarFeedLinkSchema>;
