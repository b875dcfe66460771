/** Stops the system the global setup started (it drops its database and streams), and the fleet remote's origin. */
export default async function globalTeardown() {
  await globalThis.__tmsSystem?.stop();
  await globalThis.__tmsFleetOrigin?.close();
}
