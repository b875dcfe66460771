/**
 * Loads a remote's `./screens` module at run time, from the URL /runtime-config.json gives for it, so pointing a
 * remote at a new URL needs no shell rebuild. Free of browser and federation globals (they are passed in), so the
 * retry and timeout rules are unit-tested.
 */
import type { RemoteName } from '@tms/contracts';
import type { RemoteScreens } from '@tms/ui';

/** The body of GET /runtime-config.json: each remote's mf-manifest.json URL. */
export interface RuntimeConfig {
  remotes: Partial<Record<RemoteName, string>>;
}

/** The part of the Module Federation runtime the loader uses (@module-federation/enhanced/runtime in the app). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export interface RemoteLoaderOptions {
  fetchConfig: () => Promise<unknown>;
  federation: FederationRuntime;
  /** A remote that has not answered by then counts as failed. */
  timeoutMs: number;
}

export class RemoteLoadError extends Error {
  constructor(readonly remote: RemoteName, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RemoteLoadError';
  }
}

export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const remotes = (body as { remotes?: unknown } | null)?.remotes;
  if (typeof remotes !== 'object' || remotes === null) throw new Error('runtime-config.json has no "remotes" object');
  const urls = Object.entries(remotes).filter((entry): entry is [RemoteName, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return { remotes: Object.fromEntries(urls) };
}

function withTimeout<T>(work: Promise<T>, ms: number, message: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message())), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createRemoteLoader({ fetchConfig, federation, timeoutMs }: RemoteLoaderOptions) {
  let config: Promise<RuntimeConfig> | undefined;
  /** The entry each remote was registered with. */
  const registered = new Map<RemoteName, string>();
  /** Remotes whose last attempt failed: the runtime's caches for them are dropped before the next one. */
  const failed = new Set<RemoteName>();

  async function attempt(remote: RemoteName): Promise<RemoteScreens> {
    config ??= fetchConfig().then(parseRuntimeConfig);
    const entry = (await config).remotes[remote];
    if (!entry) throw new Error(`runtime-config.json gives no URL for the ${remote} remote`);

    if (failed.has(remote) || registered.get(remote) !== entry) {
      // force replaces a previous registration and forgets its cached manifest, entry script and container.
      federation.registerRemotes([{ name: remote, entry }], { force: registered.has(remote) });
      registered.set(remote, entry);
    }
    const module = await federation.loadRemote<{ default?: unknown }>(`${remote}/screens`);
    const screens = module?.default;
    if (typeof screens !== 'object' || screens === null) throw new Error(`${remote}/screens has no default export of screens`);
    return screens as RemoteScreens;
  }

  return {
    /** The remote's screens; rejects with a RemoteLoadError when it cannot be loaded in time. */
    async loadScreens(remote: RemoteName): Promise<RemoteScreens> {
      try {
        const screens = await withTimeout(attempt(remote), timeoutMs, () => `did not answer within ${timeoutMs / 1000} s`);
        failed.delete(remote);
        return screens;
      } catch (error) {
        failed.add(remote);
        config = undefined; // the next try reads the configuration again: the remote may have moved
        const reason = error instanceof Error ? error.message : String(error);
        throw new RemoteLoadError(remote, `The ${remote} remote could not be loaded: ${reason}`, { cause: error });
      }
    },
    /** Make the next load start afresh (after a screen of this remote failed to render). */
    forget(remote: RemoteName): void {
      failed.add(remote);
    },
  };
}

export type RemoteLoader = ReturnType<typeof createRemoteLoader>;
