import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

/**
 * Deletes the run's JetStream streams (its object store buckets: uploads and kept documents; the GPS stream; the
 * device grants), which live on in the shared NATS server. They are named after the run's subject root, which
 * scripts/system.mjs makes from the same label and suffix as the database's name (tms_{label}_{suffix}).
 */
async function deleteRunStreams(system) {
  const root = new URL(system.databaseUrl).pathname.replace(/^\/tms_(\w+?)_(\w+)$/, '$1$2');
  const nats = await connect({ servers: system.natsUrl ?? process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
  try {
    const streams = await jetstreamManager(nats);
    for await (const name of streams.streams.names()) if (name.includes(root)) await streams.streams.delete(name);
  } finally {
    await nats.drain();
  }
}

/** Stops the system the global setup started (and drops its database), and the fleet remote's origin. */
export default async function globalTeardown() {
  const system = globalThis.__tmsSystem;
  await system?.stop();
  await globalThis.__tmsFleetOrigin?.close();
  if (system) await deleteRunStreams(system);
}
