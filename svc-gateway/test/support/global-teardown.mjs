/** Stops the shared system, if a suite started it (it drops its database and streams). */
export default async function globalTeardown() {
  globalThis.__tmsSharedSystemServer?.close();
  const system = await globalThis.__tmsSharedSystem?.catch(() => undefined);
  await system?.stop();
}
