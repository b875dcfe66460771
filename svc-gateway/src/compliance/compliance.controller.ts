import { Controller, Delete, Get, Header, HttpCode, HttpException, Inject, Post, Query, Res } from '@nestjs/common';
import {
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_PATH,
  CALENDAR_FEED_RENEW_PATH,
  COMPLIANCE_RESOURCE,
  COMPLIANCE_STATUS_LABELS,
  rpcSubject,
  type Actor,
  type CalendarFeed,
  type CalendarFeedLink,
  type ComplianceItem,
} from '@tms/contracts';
import type { Response } from 'express';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { attachment, csvDocument } from '../http/csv.js';
import { Public } from '../http/public.decorator.js';
import { RequestId, requestIdOf } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';
import { CalendarFeeds } from './calendar-feeds.js';
import { complianceCalendar } from './compliance-calendar.js';

const CSV_HEADER = ['Status', 'Kind', 'Subject Type', 'Subject', 'Due Date', 'Days Left', 'Message'];
const today = () => new Date().toISOString().slice(0, 10);

/**
 * What needs attention (svc-core's compliance list): as JSON for the Dashboard, as CSV for a spreadsheet, and as an
 * iCalendar feed for the calendar apps of those who made a link in Settings.
 */
@Controller('api')
export class ComplianceController {
  constructor(
    private readonly services: ServiceClient,
    private readonly feeds: CalendarFeeds,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get(COMPLIANCE_RESOURCE)
  list(@SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<ComplianceItem[]> {
    return this.services.call<ComplianceItem[]>('core', rpcSubject(this.services.subjectRoot, 'core', COMPLIANCE_RESOURCE, 'list'), {}, { actor, requestId });
  }

  @Get(`${COMPLIANCE_RESOURCE}.csv`)
  async csv(@SignedIn() actor: Actor, @Res() res: Response): Promise<void> {
    const items = await this.list(actor, requestIdOf(res));
    const rows = items.map((item) => [COMPLIANCE_STATUS_LABELS[item.status], item.kind, item.subjectType, item.subjectName, item.dueDate, item.daysLeft, item.message]);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', attachment(`compliance-${today()}.csv`));
    res.send(csvDocument(CSV_HEADER, rows));
  }

  /** Calendar apps send no cookie: the key in the link is the credential. A missing or wrong key is a 404. */
  @Public()
  @Get(`${COMPLIANCE_RESOURCE}.ics`)
  async calendar(@Query('key') key: unknown, @Res() res: Response): Promise<void> {
    if (typeof key !== 'string' || !(await this.feeds.isCurrent(key))) throw new HttpException({ message: 'Not Found' }, 404);
    const items = await this.services.call<ComplianceItem[]>('core', rpcSubject(this.services.subjectRoot, 'core', COMPLIANCE_RESOURCE, 'list'), {}, { requestId: requestIdOf(res) });
    res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
    res.setHeader('Content-Disposition', 'inline; filename="compliance.ics"');
    res.send(complianceCalendar(items, this.config.appUrl));
  }

  @Get(CALENDAR_FEED_PATH.slice('/api/'.length))
  @Header('Cache-Control', 'no-store')
  feed(@SignedIn() actor: Actor): Promise<CalendarFeed> {
    return this.feeds.current(actor.id);
  }

  /** A new link, shown once; the old one stops working. */
  @Post(CALENDAR_FEED_PATH.slice('/api/'.length))
  async replaceFeed(@SignedIn() actor: Actor): Promise<CalendarFeedLink> {
    const { key, createdAt, expiresAt } = await this.feeds.replace(actor.id);
    const url = new URL(`/api/${COMPLIANCE_RESOURCE}.ics`, this.config.appUrl);
    url.searchParams.set('key', key);
    return { url: url.toString(), createdAt, expiresAt };
  }

  /** The same link, for another CALENDAR_FEED_DAYS. */
  @Post(CALENDAR_FEED_RENEW_PATH.slice('/api/'.length))
  @HttpCode(200)
  async renewFeed(@SignedIn() actor: Actor): Promise<CalendarFeed> {
    const renewed = await this.feeds.renew(actor.id);
    if (!renewed) throw new HttpException({ message: CALENDAR_FEED_MESSAGES.none }, 404);
    return renewed;
  }

  /** The link stops working; no other is made. */
  @Delete(CALENDAR_FEED_PATH.slice('/api/'.length))
  @HttpCode(204)
  async revokeFeed(@SignedIn() actor: Actor): Promise<void> {
    await this.feeds.revoke(actor.id);
  }
}
