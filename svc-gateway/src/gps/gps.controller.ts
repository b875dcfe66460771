import { Controller, Get, Res } from '@nestjs/common';
import { gpsLatestSubject } from '@tms/contracts';
import type { Response } from 'express';
import { streamList } from '../resources/list-stream.js';
import { ServiceClient } from '../services/service-client.js';

/**
 * The latest positions for the GPS Tracking screen (signed in). Registered before the generic `/api/:resource`
 * routes. Devices post to their own routes, ahead of the session chain (device-requests.ts).
 */
@Controller('api/gps')
export class GpsController {
  constructor(private readonly services: ServiceClient) {}

  /** The latest position of each driver and truck, each position once, newest first (spec 7). */
  @Get('latest')
  async latest(@Res() res: Response): Promise<void> {
    const subject = gpsLatestSubject(this.services.subjectRoot);
    await streamList((after) => this.services.call('telematics', subject, after ? { after } : {}), res);
  }
}
