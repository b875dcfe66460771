import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SettingError } from '@tms/service-kit';
import { discoverIssuer } from './oidc-issuer.js';

/** A throwaway local issuer answering its discovery path with what each test says. */
let server: Server;
let base: string;
let answer: (path: string) => { status: number; body: string; delayMs?: number };

beforeAll(async () => {
  server = createServer((req, res) => {
    const { status, body, delayMs = 0 } = answer(req.url ?? '');
    setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(body), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('discoverIssuer', () => {
  it("reads the issuer's endpoints from /.well-known/openid-configuration", async () => {
    const document = {
      issuer: `${base}/realms/tms`,
      authorization_endpoint: `${base}/realms/tms/auth`,
      token_endpoint: `${base}/realms/tms/token`,
      userinfo_endpoint: `${base}/realms/tms/userinfo`,
      jwks_uri: `${base}/realms/tms/certs`,
    };
    let asked = '';
    answer = (path) => ((asked = path), { status: 200, body: JSON.stringify(document) });
    await expect(discoverIssuer(`${base}/realms/tms/`)).resolves.toMatchObject({
      issuer: document.issuer,
      authorization_endpoint: document.authorization_endpoint,
      token_endpoint: document.token_endpoint,
      userinfo_endpoint: document.userinfo_endpoint,
    });
    expect(asked).toBe('/realms/tms/.well-known/openid-configuration');
  });

  it('fails clearly when the document is missing or incomplete', async () => {
    answer = () => ({ status: 404, body: '{}' });
    await expect(discoverIssuer(base)).rejects.toThrow(/HTTP 404.*OIDC_ISSUER_URL/);
    answer = () => ({ status: 200, body: JSON.stringify({ issuer: base }) });
    await expect(discoverIssuer(base)).rejects.toThrow(/authorization_endpoint/);
  });

  it('gives up within its timeout', async () => {
    answer = () => ({ status: 200, body: '{}', delayMs: 2000 });
    const started = Date.now();
    await expect(discoverIssuer(base, 200)).rejects.toThrow(SettingError);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('fails clearly when nothing listens there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(discoverIssuer(`http://127.0.0.1:${port}`)).rejects.toThrow(/Cannot read the OIDC discovery document.*ECONNREFUSED/);
  });
});
