import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { gpsLatestSubject, osmandPosition, osmandToken, traccarJson } from '@tms/contracts';
import type { Request, Response } from 'express';
import { streamList } from '../resources/list-stream.js';
import { ServiceClient } from '../services/service-client.js';
import { GpsIngestion, RateLimited } from './gps-ingestion.service.js';

/** The token of `Authorization: Bearer <token>`. */
const bearer = (authorization: string | undefined) => /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];

/**
 * Device ingestion (public routes: a device has no session, it carries its own token) and the latest positions for
 * the GPS Tracking screen (signed in). Registered before the generic `/api/:resource` routes.
 */
@Controller('api/gps')
export class GpsController {
  constructor(
    private readonly ingestion: GpsIngestion,
    private readonly services: ServiceClient,
  ) {}

  /** Spec 5's ingestion rule: one position or a batch of up to 1,000; 202 once JetStream has stored them. */
  @Post()
  @HttpCode(202)
  post(@Headers('authorization') authorization: string | undefined, @Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    return this.withRetryAfter(res, () => this.ingestion.ingest(this.ingestion.device(bearer(authorization)), body));
  }

  /**
   * The OsmAnd protocol of Traccar Client and OsmAnd phones: the token is the `id` parameter (the app's device
   * identifier), the position in the query (GET or POST), a form body, or Traccar Client's JSON.
   */
  @Get('osmand')
  @HttpCode(200)
  osmandGet(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response) {
    return this.osmand(query, undefined, res);
  }

  @Post('osmand')
  @HttpCode(200)
  osmandPost(@Query() query: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.osmand(query, req.body as unknown, res);
  }

  /** The latest position of each driver and truck, each position once, newest first (spec 7). */
  @Get('latest')
  async latest(@Res() res: Response): Promise<void> {
    const subject = gpsLatestSubject(this.services.subjectRoot);
    await streamList((after) => this.services.call('telematics', subject, after ? { after } : {}), res);
  }

  private async osmand(query: Record<string, unknown>, body: unknown, res: Response) {
    const json = traccarJson(body);
    const form = typeof body === 'object' && body !== null && !Array.isArray(body) && !json ? (body as Record<string, unknown>) : {};
    const params = { ...form, ...query };
    const token = json?.token ?? osmandToken(params) ?? bearer(res.req.get('authorization'));
    const position = json ? json.position : osmandPosition(params);
    await this.withRetryAfter(res, () => this.ingestion.ingest(this.ingestion.device(token), position));
    return { accepted: 1 };
  }

  private async withRetryAfter<T>(res: Response, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      if (error instanceof RateLimited) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }
}
