import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { gpsStreams } from '@tms/contracts';
import { config } from '@tms/service-kit';

/** How often the GPS streams' leaders are looked at: a collision after a server's loss or return lasts about this. */
const CHECK_EVERY_MS = 3000;

/**
 * Keeps the GPS streams' leaders on different NATS servers, so that losing one server leaves a stream that takes
 * messages at once (the gateway publishes to it while the other elects a new leader). JetStream places leaders as it
 * likes, and after a server's loss both may land on one: the second stream is then asked to step down, which hands
 * its leadership to another server in well under a second. Nothing to do on a single server (one copy of each).
 * A leader moved at the same time by another svc-telematics replica is looked at again on the next check.
 */
export class GpsStreamLeaders {
  private timer?: NodeJS.Timeout;
  private jsm?: JetStreamManager;

  constructor(
    private readonly nc: NatsConnection,
    private readonly root: string,
    private readonly log: (message: string) => void,
  ) {}

  start() {
    if (config.natsReplicas < 2) return;
    // Replicas start together: a random offset keeps them from stepping the same stream down at the same moment.
    const check = () => {
      this.timer = setTimeout(() => void this.keepApart().finally(check), CHECK_EVERY_MS / 2 + Math.random() * CHECK_EVERY_MS);
      this.timer.unref();
    };
    check();
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Steps down the later of two streams led from one server; answers whether it did. */
  async keepApart(): Promise<boolean> {
    try {
      this.jsm ??= await jetstreamManager(this.nc);
      const seen = new Set<string>();
      for (const { name } of gpsStreams(this.root)) {
        const leader = (await this.jsm.streams.info(name)).cluster?.leader;
        if (!leader) continue; // electing one: looked at again next time
        if (seen.has(leader)) {
          await this.nc.request(`$JS.API.STREAM.LEADER.STEPDOWN.${name}`, '', { timeout: 2000 });
          this.log(`GPS stream ${name} shared its leader ${leader} with another GPS stream: stepped down`);
          return true;
        }
        seen.add(leader);
      }
    } catch {
      // A server lost or restarting: looked at again next time.
    }
    return false;
  }
}
