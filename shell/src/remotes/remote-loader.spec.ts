import { createRemoteLoader, parseRuntimeConfig, type FederationRuntime } from './remote-loader.js';

const FleetPage = () => null;
const config = { remotes: { fleet: '/remotes/fleet/mf-manifest.json', dispatch: '/remotes/dispatch/mf-manifest.json' } };

/** A stand-in for the Module Federation runtime that records what the shell asked of it. */
function fakeFederation(load: (id: string) => Promise<unknown>) {
  const registrations: { name: string; entry: string; force: boolean }[] = [];
  const federation: FederationRuntime = {
    registerRemotes(remotes, options) {
      for (const remote of remotes) registrations.push({ ...remote, force: options?.force ?? false });
    },
    loadRemote: <T>(id: string) => load(id) as Promise<T>,
  };
  return { federation, registrations };
}

describe('remote loader', () => {
  it("registers the remote from the runtime configuration and returns its screens", async () => {
    const { federation, registrations } = fakeFederation(async (id) => {
      expect(id).toBe('fleet/screens');
      return { default: { '/fleet': FleetPage } };
    });
    const loader = createRemoteLoader({ fetchConfig: async () => config, federation, timeoutMs: 1000 });

    await expect(loader.loadScreens('fleet')).resolves.toEqual({ '/fleet': FleetPage });
    expect(registrations).toEqual([{ name: 'fleet', entry: '/remotes/fleet/mf-manifest.json', force: false }]);
  });

  it('reads the configuration once and registers each remote once while all goes well', async () => {
    let configReads = 0;
    const { federation, registrations } = fakeFederation(async () => ({ default: {} }));
    const loader = createRemoteLoader({ fetchConfig: async () => (configReads++, config), federation, timeoutMs: 1000 });

    await loader.loadScreens('fleet');
    await loader.loadScreens('fleet');
    await loader.loadScreens('dispatch');
    expect(configReads).toBe(1);
    expect(registrations.map((r) => r.name)).toEqual(['fleet', 'dispatch']);
  });

  it('retries from scratch after a failure, so a remote that came back appears', async () => {
    let up = false;
    let configReads = 0;
    const { federation, registrations } = fakeFederation(async () => {
      if (!up) throw new Error('Failed to fetch');
      return { default: { '/fleet': FleetPage } };
    });
    const loader = createRemoteLoader({ fetchConfig: async () => (configReads++, config), federation, timeoutMs: 1000 });

    await expect(loader.loadScreens('fleet')).rejects.toThrow('The fleet remote could not be loaded: Failed to fetch');
    up = true;
    await expect(loader.loadScreens('fleet')).resolves.toEqual({ '/fleet': FleetPage });
    // The second try re-reads the configuration and forces a fresh registration, dropping the runtime's caches.
    expect(configReads).toBe(2);
    expect(registrations.map((r) => r.force)).toEqual([false, true]);
  });

  it('counts a remote that does not answer in time as failed', async () => {
    const { federation } = fakeFederation(() => new Promise(() => {}));
    const loader = createRemoteLoader({ fetchConfig: async () => config, federation, timeoutMs: 20 });

    await expect(loader.loadScreens('fleet')).rejects.toThrow('The fleet remote could not be loaded: did not answer within 0.02 s');
  });

  it('fails clearly when the configuration has no URL for the remote or cannot be read', async () => {
    const { federation } = fakeFederation(async () => ({ default: {} }));
    const noSafety = createRemoteLoader({ fetchConfig: async () => config, federation, timeoutMs: 1000 });
    await expect(noSafety.loadScreens('safety')).rejects.toThrow('runtime-config.json gives no URL for the safety remote');

    const down = createRemoteLoader({ fetchConfig: async () => { throw new Error('503'); }, federation, timeoutMs: 1000 });
    await expect(down.loadScreens('fleet')).rejects.toThrow('The fleet remote could not be loaded: 503');
  });

  it('rejects a remote whose screens module has no screen map', async () => {
    const { federation } = fakeFederation(async () => ({}));
    const loader = createRemoteLoader({ fetchConfig: async () => config, federation, timeoutMs: 1000 });
    await expect(loader.loadScreens('fleet')).rejects.toThrow('fleet/screens has no default export of screens');
  });

  it('starts afresh after forget (a screen failed to render)', async () => {
    const { federation, registrations } = fakeFederation(async () => ({ default: {} }));
    const loader = createRemoteLoader({ fetchConfig: async () => config, federation, timeoutMs: 1000 });
    await loader.loadScreens('fleet');
    loader.forget('fleet');
    await loader.loadScreens('fleet');
    expect(registrations.map((r) => r.force)).toEqual([false, true]);
  });
});

describe('runtime configuration', () => {
  it('keeps the remotes that have a URL', () => {
    expect(parseRuntimeConfig({ remotes: { fleet: 'http://cdn/fleet/mf-manifest.json', safety: '', x: 3 } })).toEqual({
      remotes: { fleet: 'http://cdn/fleet/mf-manifest.json' },
    });
  });

  it('refuses a body without remotes', () => {
    expect(() => parseRuntimeConfig({})).toThrow('runtime-config.json has no "remotes" object');
    expect(() => parseRuntimeConfig(null)).toThrow();
  });
});
