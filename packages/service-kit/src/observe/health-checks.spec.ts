import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serveOperations } from './health-checks.js';

/** The operations port (metrics, probes) tells much about a system: loopback unless HEALTH_HOST says otherwise. */
describe('serveOperations', () => {
  afterEach(() => {
    delete process.env.HEALTH_HOST;
  });

  const addressOf = async () => {
    const server = serveOperations(0);
    await once(server, 'listening');
    const { address } = server.address() as AddressInfo;
    server.close();
    return address;
  };

  it('listens on loopback by default', async () => {
    expect(await addressOf()).toBe('127.0.0.1');
  });

  it('listens where HEALTH_HOST says (a pod: every address)', async () => {
    process.env.HEALTH_HOST = '0.0.0.0';
    expect(await addressOf()).toBe('0.0.0.0');
  });
});
