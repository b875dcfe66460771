import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { gpsLatestSubject, gpsTrackSubject, type Track } from '@tms/contracts';
import type { Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { requestIdOf } from '../http/request-ids.js';
import { readList } from '../resources/list-stream.js';
import { ServiceClient } from '../services/service-client.js';

/**
 * The latest positions for the GPS Tracking screen (signed in); ahead of the generic `/api/:resource/:id` (ROUTES in
 * app.module.ts). Devices post to their own routes, ahead of the whole pipeline (device-requests.ts).
 */
@Controller('api/gps')
export class GpsController {
  private readonly reuseMs: number;
  /** The answer last read, for every screen that asks within reuseMs; concurrent askers share one read. */
  private recent?: { readAt: number; body: Promise<Buffer> };

  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.reuseMs = config.gps.latestReuseMs;
  }

  /**
   * The latest position of each driver and truck, each position once, newest first (spec 7). Every open GPS Tracking
   * screen asks for it again and again: the answer, a row per driver and truck, is read whole and reused for
   * GPS_LATEST_REUSE_MS, as svc-telematics reuses its pages, so a thousand screens cost the gateway what one does.
   */
  @Get('latest')
  async latest(@Res() res: Response): Promise<void> {
    const now = Date.now();
    if (!this.recent || now - this.recent.readAt >= this.reuseMs) {
      const subject = gpsLatestSubject(this.services.subjectRoot);
      // The reading request's id: those that reuse its answer asked nothing of svc-telematics.
      const requestId = requestIdOf(res);
      const recent = { readAt: now, body: readList((after) => this.services.call('telematics', subject, after ? { after } : {}, { requestId }), requestId) };
      this.recent = recent;
      // A failed read is answered to those who waited for it, and not reused.
      recent.body.catch(() => {
        if (this.recent === recent) this.recent = undefined;
      });
    }
    const body = await this.recent.body;
    res.status(200).type('application/json').setHeader('Content-Length', body.length);
    res.end(body);
  }

  /** A truck's track between two moments, thinned (svc-telematics checks the query and answers 400 for a bad one). */
  @Get('track')
  async track(@Query() query: Record<string, unknown>, @Res({ passthrough: true }) res: Response): Promise<Track> {
    return this.services.call<Track>('telematics', gpsTrackSubject(this.services.subjectRoot), query, { requestId: requestIdOf(res) });
  }
}
