import { HttpException, Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { jetstream } from '@nats-io/jetstream';
import { checkGpsBody, GPS_MESSAGES, gpsStreams, INVALID_INPUT, type DeviceGrant } from '@tms/contracts';
import { ensureGpsStreams, gpsMetrics, openDeviceGrants } from '@tms/gps-stream';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway-config.js';
import { RetryLater } from '../http/http-errors.js';
import { RequestLogger } from '../http/request-ids.js';
import { NATS_CONNECTION, type GatewayNats } from '../nats/nats.module.js';
import { ServiceClient } from '../services/service-client.js';
import { DeviceGrants } from './device-grants.js';
import { GpsGroupPublisher } from './gps-group-publisher.js';
import { KnownSubjects } from './known-subjects.js';
import { RateLimiter } from './rate-limiter.js';

/** How long a starting gateway waits for GPS ingestion before it listens without it. */
const READY_WAIT_MS = 5000;
const NOT_READY = 'GPS ingestion is starting or cannot reach NATS. Please retry shortly.';

const refuse = (status: number, message: string, extra: Record<string, unknown> = {}) => new HttpException({ message, ...extra }, status);

/**
 * Accepts positions from devices: the token is checked against the device grants in memory and the device's rate
 * limit applied (admit), before its body is read; then the binding rule and the body are checked, and the positions
 * published to the GPS stream (ingest). It answers only once JetStream has stored them (the publish's
 * acknowledgement): an accepted position is never lost.
 */
@Injectable()
export class GpsIngestion implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('GpsIngestion');
  private readonly requests = new RequestLogger('GpsIngestion');
  private readonly grants = new DeviceGrants();
  private readonly limiter: RateLimiter;
  private readonly subjects: KnownSubjects;
  private publisher?: GpsGroupPublisher;
  /** Set on shutdown: a start still under way then gives up instead of retrying on a connection being drained. */
  private stopping = false;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nats: GatewayNats,
    services: ServiceClient,
  ) {
    this.limiter = new RateLimiter(config.gps.ratePerSecond, config.gps.burst);
    this.subjects = new KnownSubjects(services);
  }

  /**
   * Starts before the gateway listens, so that a gateway restarted under traffic answers its first devices 202, not
   * 'starting' 503; but waits at most READY_WAIT_MS: without NATS the gateway still starts (and serves staff), and
   * ingestion keeps starting in the background.
   */
  onModuleInit() {
    return Promise.race([this.start(), new Promise((resolve) => setTimeout(resolve, READY_WAIT_MS).unref())]);
  }

  private async start() {
    if (this.stopping) return;
    try {
      const nc = await this.nats.connection();
      if (this.stopping) return;
      await ensureGpsStreams(nc, this.config.subjectRoot);
      const subjects = gpsStreams(this.config.subjectRoot).map(({ subject }) => subject);
      this.publisher = new GpsGroupPublisher(jetstream(nc), subjects, nc.info!.max_payload / 2);
      await this.grants.follow(await openDeviceGrants(nc, this.config.subjectRoot));
      this.subjects.follow(nc, this.config.subjectRoot);
      this.logger.log('Accepting GPS positions');
    } catch (error) {
      if (this.stopping) return;
      this.logger.error(`GPS ingestion could not start, retrying: ${error instanceof Error ? error.message : String(error)}`);
      setTimeout(() => void this.start(), 2000).unref();
    }
  }

  /** Stops following grants and deletes before the NATS module drains the connection. */
  onModuleDestroy() {
    this.stopping = true;
    this.grants.stop();
    this.subjects.stop();
  }

  /**
   * The device of a bearer token, once its rate limit lets it in: the 401 (no token, unknown or revoked), 429 or 503
   * (not ready) to answer otherwise. Called before the body is read, so a device over its limit costs nothing more.
   */
  admit(token: string | undefined): DeviceGrant {
    if (!this.publisher || !this.grants.ready) throw refuse(503, NOT_READY);
    const grant = token ? this.grants.grantOf(token) : undefined;
    if (!grant) throw refuse(401, GPS_MESSAGES.unauthorized);
    const retryAfter = this.limiter.take(grant.deviceId);
    if (retryAfter) throw new RetryLater({ message: GPS_MESSAGES.tooManyRequests }, 429, retryAfter);
    return grant;
  }

  /**
   * Resolves once this gateway accepts `token` (at most `timeoutMs`): a device registered through it may then post at
   * once. Without it, one post in a couple of hundred made right after the registration was refused (401).
   */
  whenAccepted(token: string, timeoutMs: number): Promise<void> {
    return this.grants.whenKnown(token, timeoutMs);
  }

  /**
   * Checks and stores one request's positions (a position or a batch) of an admitted device; answers how many were
   * accepted. `requestId`: the request's, for its lines.
   */
  async ingest(device: DeviceGrant, body: unknown, requestId?: string): Promise<{ accepted: number }> {
    let forbidden = false;
    // A bound device posts for its own truck and driver only, and may leave them out; an unbound one names its own.
    const own = (position: Record<string, unknown>, field: 'truckId' | 'driverId') => {
      const given = typeof position[field] === 'string' && position[field] !== '' ? String(position[field]).toLowerCase() : undefined;
      if (given !== undefined && given !== device[field]) forbidden = true;
      return device[field];
    };
    const bound = device.driverId !== null || device.truckId !== null;
    const checked = checkGpsBody(body, bound ? (position) => ({ ...position, truckId: own(position, 'truckId'), driverId: own(position, 'driverId') }) : undefined);
    if (forbidden) throw refuse(403, GPS_MESSAGES.forbidden);
    if (!checked.ok) throw refuse(400, INVALID_INPUT, { issues: checked.issues });
    // A bound device's own truck and driver exist (svc-telematics checked them); an unbound one's are checked here.
    if (!bound) await this.subjects.refuseUnknown(checked.positions, requestId);
    if (!this.publisher) throw refuse(503, NOT_READY);
    try {
      await this.publisher.publish({ deviceId: device.deviceId, receivedAt: new Date().toISOString(), positions: checked.positions });
    } catch (error) {
      this.requests.warn(requestId, `A GPS publish was not acknowledged: ${error instanceof Error ? error.message : String(error)}`);
      throw refuse(503, 'The positions could not be stored right now. Please retry.');
    }
    gpsMetrics.accepted.inc(checked.positions.length);
    return { accepted: checked.positions.length };
  }
}
