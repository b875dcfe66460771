/** Stops the system the global setup started (it drops its database and streams), the fleet remote's origin and the mailbox. */
export default async function globalTeardown() {
  await globalThis.__tmsSystem?.stop();
  await globalThis.__tmsFleetOrigin?.close();
  await globalThis.__tmsMailbox?.close();
}
