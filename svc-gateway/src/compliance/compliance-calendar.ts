import { calendarTitle, complianceFixPath, complianceItemKey, type ComplianceItem } from '@tms/contracts';
import ical, { ICalCalendarMethod } from 'ical-generator';

/**
 * The compliance list as an iCalendar feed (RFC 5545) for a calendar app to subscribe to: one all-day event per dated
 * item on its due date. An item's UID is its identity (kind, subject, record), so a renewed licence moves its event
 * and a record put right removes it at the app's next refresh; a missing item has no date and no event.
 */
export function complianceCalendar(items: readonly ComplianceItem[], appUrl: string): string {
  const host = new URL(appUrl).host;
  const calendar = ical({ name: 'TMS compliance', prodId: { company: 'TMS', product: 'Compliance', language: 'EN' }, method: ICalCalendarMethod.PUBLISH, ttl: 60 * 60 });
  for (const item of items) {
    if (!item.dueDate) continue;
    calendar.createEvent({
      id: `${complianceItemKey(item)}@${host}`,
      // An all-day event is written as a DATE (the UTC day of this moment): the due date, in any server time zone.
      start: new Date(`${item.dueDate}T12:00:00Z`),
      allDay: true,
      summary: calendarTitle(item),
      description: item.message,
      url: new URL(complianceFixPath(item), appUrl).toString(),
    });
  }
  return calendar.toString();
}
