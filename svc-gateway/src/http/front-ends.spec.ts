import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import type { GatewayConfig } from '../config/gateway-config.js';
import { mountFrontEnds } from './front-ends.js';

/** The front ends on a bare express app with builds in a temporary folder: fleet is built, dispatch is not. */
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tms-front-ends-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  write('shell/index.html', '<title>shell</title>');
  write('shell/main.1a2b.js', 'shell()');
  write('shell/api/secret.json', '{}');
  write('mfe-fleet/remoteEntry.js', 'remote()');
  write('mfe-fleet/mf-manifest.json', '{}');
  write('mfe-fleet/123.abcd0123.js', 'chunk()');
  write('mfe-fleet/plain.js', 'plain()');
  const config = {
    shellDist: path.join(dir, 'shell'),
    remoteDists: {
      dispatch: path.join(dir, 'mfe-dispatch'),
      fleet: path.join(dir, 'mfe-fleet'),
      accounting: path.join(dir, 'mfe-accounting'),
      safety: path.join(dir, 'mfe-safety'),
    },
  } as GatewayConfig;
  const app = express();
  mountFrontEnds(app, config);
  app.use((_req, res) => void res.status(404).json({ message: 'Not found' })); // what Nest does after it
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const get = async (url: string) => {
  const response = await fetch(`${base}${url}`);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), text: await response.text() };
};

describe('mountFrontEnds', () => {
  it("serves each remote's build at /remotes/{name}/, entry files with no-cache", async () => {
    expect(await get('/remotes/fleet/remoteEntry.js')).toEqual({ status: 200, cacheControl: 'no-cache', text: 'remote()' });
    expect(await get('/remotes/fleet/mf-manifest.json')).toMatchObject({ status: 200, cacheControl: 'no-cache' });
    expect(await get('/remotes/fleet/123.abcd0123.js')).toMatchObject({ status: 200, text: 'chunk()' });
  });

  it('caches content-hashed files as immutable, and only those', async () => {
    expect((await get('/remotes/fleet/123.abcd0123.js')).cacheControl).toBe('public, max-age=31536000, immutable');
    expect((await get('/remotes/fleet/plain.js')).cacheControl).toBe('public, max-age=0');
  });

  it('answers 404 for a remote that is not built, an unknown remote or a missing file, never the shell', async () => {
    expect(await get('/remotes/dispatch/remoteEntry.js')).toMatchObject({ status: 404, text: '{"message":"Not found"}' });
    expect(await get('/remotes/nosuch/remoteEntry.js')).toMatchObject({ status: 404 });
    expect(await get('/remotes/fleet/missing.js')).toMatchObject({ status: 404 });
    expect(await get('/remotes/fleet')).toMatchObject({ status: 404 });
  });

  it('serves the shell at / and its index.html, no-cache, for client-side routes', async () => {
    for (const url of ['/', '/index.html', '/loads', '/accounting/invoices', '/unknown/route']) {
      expect(await get(url)).toEqual({ status: 200, cacheControl: 'no-cache', text: '<title>shell</title>' });
    }
    expect(await get('/main.1a2b.js')).toMatchObject({ status: 200, text: 'shell()' });
  });

  it('does not answer files that are missing, nor /api, /oidc, /healthz or /runtime-config.json', async () => {
    for (const url of ['/missing.js', '/api/secret.json', '/api/trucks', '/oidc/auth', '/healthz', '/runtime-config.json']) {
      expect(await get(url)).toMatchObject({ status: 404, text: '{"message":"Not found"}' });
    }
  });
});
