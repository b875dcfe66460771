import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { RemoteName } from '@tms/contracts';
import { resolveRoute } from '../routing/routes.js';
import { createRemoteLoader } from './remote-loader.js';

/** Spec: a remote that does not answer in about 10 s counts as failed. */
export const REMOTE_TIMEOUT_MS = 10_000;

registerPlugins([
  {
    name: 'tms-shell-fresh-manifests',
    // A manifest is not content-hashed, so always ask the server: a redeployed remote shows at once, and a 'Retry'
    // never queues behind an earlier request for the same URL that hangs (the browser's cache lock would hold it).
    fetch: (url, init) => fetch(url, { ...init, cache: 'no-store' }),
  },
]);

/** The shell's one loader, on the federation instance its build plugin created. */
export const remoteLoader = createRemoteLoader({
  async fetchConfig() {
    // Revalidated on every read, so a remote pointed at a new URL is picked up without a shell rebuild.
    const response = await fetch('/runtime-config.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`runtime-config.json answered ${response.status}`);
    return response.json();
  },
  federation: { registerRemotes, loadRemote },
  timeoutMs: REMOTE_TIMEOUT_MS,
});

/** A remote's screens as a query in the shell's QueryClient: loaded once, kept, refetched only by 'Retry'. */
export const remoteScreensQuery = (remote: RemoteName) =>
  queryOptions({
    queryKey: ['shell', 'remote-screens', remote],
    queryFn: () => remoteLoader.loadScreens(remote),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** Starts loading the remote that renders `pathname`, if one does, into the cache its RemoteScreen reads. */
export function prefetchRemoteScreens(queryClient: QueryClient, pathname: string): void {
  const target = resolveRoute(pathname);
  if (target.kind === 'remote') void queryClient.prefetchQuery(remoteScreensQuery(target.remote));
}
