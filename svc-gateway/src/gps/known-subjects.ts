import { HttpException } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { DEVICE_MESSAGES, eventSubject, INVALID_INPUT, rpcSubject, type GpsPositionFields } from '@tms/contracts';
import type { ServiceClient } from '../services/service-client.js';

/** How long a truck or driver seen to exist is trusted without asking svc-core again (a delete event ends it sooner). */
const KNOWN_FOR_MS = 10 * 60 * 1000;
/** Ids asked of svc-core at once for one request: a batch names at most GPS_BATCH_MAX positions. */
const ASK_AT_ONCE = 50;

type Kind = 'truck' | 'driver';
const FIELD = { truck: 'truckId', driver: 'driverId' } as const;
const RESOURCE = { truck: 'trucks', driver: 'drivers' } as const;
const NOT_FOUND = { truck: DEVICE_MESSAGES.truckNotFound, driver: DEVICE_MESSAGES.driverNotFound } as const;

/**
 * The trucks and drivers an unbound device (a telematics feed that reports for many) names must exist, or its
 * positions would show on GPS Tracking for nobody. Ids seen to exist are kept for a while, so a feed's usual fleet
 * costs no request; svc-core's delete events forget them at once.
 */
export class KnownSubjects {
  private readonly known = { truck: new Map<string, number>(), driver: new Map<string, number>() };
  private subscriptions: Subscription[] = [];

  constructor(private readonly services: ServiceClient) {}

  /** Forgets a truck or driver as soon as svc-core announces its delete. */
  follow(nc: NatsConnection, root: string) {
    this.subscriptions = (['truck', 'driver'] as const).map((kind) =>
      nc.subscribe(eventSubject(root, kind, 'deleted'), {
        callback: (_error, message) => {
          // Nest's events travel as { pattern, data }.
          const event = message?.json<{ data?: { id?: unknown } }>();
          const id = event?.data?.id;
          if (typeof id === 'string') this.known[kind].delete(id.toLowerCase());
        },
      }),
    );
  }

  stop() {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
  }

  /**
   * Refuses (400, under each position's field) the positions that name a truck or driver svc-core does not have;
   * `requestId`: the device's request, which svc-core's lines then carry.
   */
  async refuseUnknown(positions: GpsPositionFields[], requestId?: string): Promise<void> {
    const issues: Record<string, string[]> = {};
    for (const kind of ['truck', 'driver'] as const) {
      const field = FIELD[kind];
      const missing = await this.missing(kind, new Set(positions.map((position) => position[field]).filter((id): id is string => id !== null)), requestId);
      if (!missing.size) continue;
      positions.forEach((position, index) => {
        const id = position[field];
        if (id !== null && missing.has(id)) issues[positions.length > 1 ? `${index}.${field}` : field] = [NOT_FOUND[kind]];
      });
    }
    if (Object.keys(issues).length) throw new HttpException({ message: INVALID_INPUT, issues }, 400);
  }

  /** The ids of `ids` svc-core does not have; svc-core not answering is the 503 ServiceClient throws. */
  private async missing(kind: Kind, ids: Set<string>, requestId: string | undefined): Promise<Set<string>> {
    const now = Date.now();
    const unknown = [...ids].filter((id) => (this.known[kind].get(id) ?? 0) <= now);
    const missing = new Set<string>();
    for (let from = 0; from < unknown.length; from += ASK_AT_ONCE) {
      await Promise.all(
        unknown.slice(from, from + ASK_AT_ONCE).map(async (id) => {
          if (await this.exists(kind, id, requestId)) this.known[kind].set(id, now + KNOWN_FOR_MS);
          else missing.add(id);
        }),
      );
    }
    return missing;
  }

  private async exists(kind: Kind, id: string, requestId: string | undefined): Promise<boolean> {
    try {
      await this.services.call('core', rpcSubject(this.services.subjectRoot, 'core', RESOURCE[kind], 'get'), { id }, { requestId });
      return true;
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 404) return false;
      throw error;
    }
  }
}
