import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { rpcSubject, type Actor, type RegisteredDevice } from '@tms/contracts';
import { SignedIn } from '../auth/signed-in.decorator.js';
import { RequestId } from '../http/request-ids.js';
import { ServiceClient } from '../services/service-client.js';
import { GpsIngestion } from './gps-ingestion.service.js';

/** How long a registration waits for its grant to reach this gateway; it takes milliseconds. */
const GRANT_WAIT_MS = 2000;

/**
 * POST /api/devices, ahead of the generic resource routes (ROUTES in app.module.ts): svc-telematics registers the device, and the answer (with
 * its token, shown this once) waits until this gateway accepts the token, so that the device may post at once.
 * The other device routes are the generic ones.
 */
@Controller('api/devices')
export class DevicesController {
  constructor(
    private readonly services: ServiceClient,
    private readonly ingestion: GpsIngestion,
  ) {}

  @Post()
  @HttpCode(201)
  async register(@Body() body: unknown, @SignedIn() actor: Actor, @RequestId() requestId?: string): Promise<RegisteredDevice> {
    const subject = rpcSubject(this.services.subjectRoot, 'telematics', 'devices', 'create');
    const device = await this.services.call<RegisteredDevice>('telematics', subject, body ?? {}, { actor, requestId });
    await this.ingestion.whenAccepted(device.token, GRANT_WAIT_MS);
    return device;
  }
}
