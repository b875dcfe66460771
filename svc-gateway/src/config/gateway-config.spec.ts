import { SettingError } from '@tms/service-kit';
import { loadConfig } from './gateway-config.js';

const dir = '/srv/tms/svc-gateway';

describe('loadConfig', () => {
  it('has local defaults: port 3000, APP_URL from it, the development issuer, the shell beside the gateway', () => {
    const config = loadConfig({}, dir);
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      appOrigin: 'http://localhost:3000',
      secureCookies: false,
      oidc: { kind: 'development' },
      developmentSessionSecret: true,
      serviceTimeoutMs: 4500,
      shellDist: '/srv/tms/shell/dist',
    });
    expect(config.remoteDists.fleet).toBe('/srv/tms/mfe-fleet/dist');
    expect(config.remoteUrls).toEqual({
      dispatch: '/remotes/dispatch/mf-manifest.json',
      fleet: '/remotes/fleet/mf-manifest.json',
      accounting: '/remotes/accounting/mf-manifest.json',
      safety: '/remotes/safety/mf-manifest.json',
    });
  });

  it('reads PORT, APP_URL, SERVICE_TIMEOUT_MS, SHELL_DIST and REMOTE_*_URL', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        APP_URL: 'https://tms.example.com/',
        SERVICE_TIMEOUT_MS: '2500',
        SHELL_DIST: '/opt/shell',
        REMOTE_FLEET_URL: 'https://fleet.example.com/mf-manifest.json',
        SESSION_SECRET: 's3cret',
      },
      dir,
    );
    expect(config).toMatchObject({
      port: 8080,
      appUrl: 'https://tms.example.com',
      secureCookies: true,
      serviceTimeoutMs: 2500,
      shellDist: '/opt/shell',
      sessionSecret: 's3cret',
      developmentSessionSecret: false,
    });
    expect(config.remoteUrls.fleet).toBe('https://fleet.example.com/mf-manifest.json');
    expect(config.remoteUrls.safety).toBe('/remotes/safety/mf-manifest.json');
  });

  it('uses an external issuer when OIDC_ISSUER_URL is set, and then needs its client id and secret', () => {
    expect(
      loadConfig({ OIDC_ISSUER_URL: 'https://login.example.com/realms/tms/', OIDC_CLIENT_ID: 'tms', OIDC_CLIENT_SECRET: 'x' }, dir).oidc,
    ).toEqual({ kind: 'external', issuerUrl: 'https://login.example.com/realms/tms', clientId: 'tms', clientSecret: 'x' });
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://login.example.com' }, dir)).toThrow(/OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
  });

  it('refuses the development issuer under NODE_ENV=production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x' }, dir)).toThrow(SettingError);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x' }, dir)).toThrow(/OIDC_ISSUER_URL/);
  });

  it('refuses production without SESSION_SECRET, and never echoes a secret', () => {
    const external = { OIDC_ISSUER_URL: 'https://id.example.com', OIDC_CLIENT_ID: 'tms', OIDC_CLIENT_SECRET: 'very-secret-value' };
    expect(() => loadConfig({ NODE_ENV: 'production', ...external }, dir)).toThrow(/SESSION_SECRET/);
    try {
      loadConfig({ NODE_ENV: 'production', ...external }, dir);
    } catch (error) {
      expect((error as Error).message).not.toContain('very-secret-value');
    }
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x', ...external }, dir).production).toBe(true);
  });

  it('refuses malformed values with the variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, dir)).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' }, dir)).toThrow(/PORT/);
    expect(() => loadConfig({ APP_URL: 'tms.example.com' }, dir)).toThrow(/APP_URL/);
    expect(() => loadConfig({ APP_URL: 'https://example.com/tms' }, dir)).toThrow(/APP_URL/);
    expect(() => loadConfig({ SERVICE_TIMEOUT_MS: '0' }, dir)).toThrow(/SERVICE_TIMEOUT_MS/);
    expect(() => loadConfig({ OIDC_ALLOWED_DOMAINS: 'carrier.example,https://x.example' }, dir)).toThrow(/OIDC_ALLOWED_DOMAINS .*"https:\/\/x\.example"/);
    expect(() => loadConfig({ OIDC_ALLOWED_EMAILS: 'dispatch' }, dir)).toThrow(/OIDC_ALLOWED_EMAILS .*"dispatch"/);
  });

  it('reads who may sign in, lower-cased, from comma- or space-separated lists (empty: anyone)', () => {
    expect(loadConfig({}, dir).allowedSignIns).toEqual({ domains: [], emails: [] });
    expect(loadConfig({ OIDC_ALLOWED_DOMAINS: 'Carrier.example, @haul.example', OIDC_ALLOWED_EMAILS: ' Dana@Partner.example  lee@x.example ' }, dir).allowedSignIns).toEqual({
      domains: ['carrier.example', 'haul.example'],
      emails: ['dana@partner.example', 'lee@x.example'],
    });
  });
});
