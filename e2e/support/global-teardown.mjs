/** Stops the system the global setup started and drops its database. */
export default async function globalTeardown() {
  await globalThis.__tmsSystem?.stop();
}
