import { DiscardPolicy, jetstreamManager, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { deviceGrantsBucket, GPS_DUPLICATE_WINDOW_MS, gpsDeadLetterStreamName, gpsDeadLetterSubject, gpsStreams } from '@tms/contracts';
import { config } from '@tms/service-kit';

/** Copies of the GPS stream (and the device grants) kept by a NATS cluster: 1 on a single server, 3 in production. */
const replicas = () => config.natsReplicas;

/**
 * Creates the GPS streams (gpsStreams), or brings existing ones to this configuration: idempotent, so the gateway and
 * svc-telematics both call it at start-up and either may start first. File storage; a work queue (a message goes once
 * svc-telematics has written and acknowledged it); resent requests within GPS_DUPLICATE_WINDOW_MS dropped by id.
 * NATS_REPLICAS copies on as many servers of a NATS cluster (3 survives the loss of one); an existing stream
 * is brought to that count too.
 */
export async function ensureGpsStreams(nc: NatsConnection, root: string): Promise<void> {
  for (const { name, subject } of gpsStreams(root)) {
    await ensureStream(nc, {
      name,
      subjects: [subject],
      storage: StorageType.File,
      retention: RetentionPolicy.Workqueue,
      discard: DiscardPolicy.New,
      duplicate_window: nanos(GPS_DUPLICATE_WINDOW_MS),
      num_replicas: replicas(),
    });
  }
}

/** Dead letters kept at most: the oldest go first past it (a count, not bytes: a byte limit reserves disk up front). */
const DEAD_LETTERS_MAX = 1_000_000;

/**
 * Creates the GPS dead-letter stream (svc-telematics's, see gpsDeadLetterSubject), or brings an existing one to this
 * configuration. Kept `maxAgeMs` (as long as positions) and DEAD_LETTERS_MAX at most; a dead letter published again
 * after a retry (same message id) within GPS_DUPLICATE_WINDOW_MS is kept once.
 */
export async function ensureGpsDeadLetterStream(nc: NatsConnection, root: string, maxAgeMs: number): Promise<void> {
  await ensureStream(nc, {
    name: gpsDeadLetterStreamName(root),
    subjects: [gpsDeadLetterSubject(root)],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: nanos(maxAgeMs),
    max_msgs: DEAD_LETTERS_MAX,
    duplicate_window: nanos(GPS_DUPLICATE_WINDOW_MS),
    num_replicas: replicas(),
  });
}

/** Creates a stream, or brings one that exists with another configuration (an older release's) to this one. */
async function ensureStream(nc: NatsConnection, stream: Partial<StreamConfig> & { name: string }): Promise<void> {
  const jsm = await jetstreamManager(nc);
  try {
    await jsm.streams.add(stream);
  } catch {
    const { name, storage: _storage, retention: _retention, ...changes } = stream;
    await jsm.streams.update(name, changes);
  }
}

/**
 * The key-value bucket of device grants by token hash (svc-telematics writes it, every gateway watches it), with as
 * many replicas as the GPS stream when it is created.
 */
export function openDeviceGrants(nc: NatsConnection, root: string): Promise<KV> {
  return new Kvm(nc).create(deviceGrantsBucket(root), { history: 1, storage: StorageType.File, replicas: replicas() });
}
