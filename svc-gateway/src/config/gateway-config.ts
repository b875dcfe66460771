import path from 'node:path';
import { REMOTES, type RemoteName } from '@tms/contracts';
import { SettingError, config as shared, wholeNumberSetting } from '@tms/service-kit';

/** Signs session cookies when SESSION_SECRET is not set, outside production only (a warning is logged). */
const DEVELOPMENT_SESSION_SECRET = 'tms-development-session-secret-never-use-in-production';

/** Who may sign in: anyone at the issuer when both lists are empty (a warning is logged at start). */
export interface SignInAllowList {
  /** E-mail domains whose every address may sign in ('example.com'). */
  domains: string[];
  /** Single addresses that may sign in. */
  emails: string[];
}

export type OidcSettings =
  | { kind: 'external'; issuerUrl: string; clientId: string; clientSecret: string }
  | { kind: 'development' };

/** Everything the gateway reads from its environment, checked once at start (README: Configuration). */
export interface GatewayConfig {
  production: boolean;
  port: number;
  /** Where Prometheus scrapes the gateway's /metrics (HEALTH_PORT), apart from the public port; unset: nowhere. */
  healthPort: number | undefined;
  /** The public URL users reach the app at, without a trailing slash. */
  appUrl: string;
  /** The origin of appUrl: the only foreign-request-free origin besides the request's own host. */
  appOrigin: string;
  /** Cookies are Secure when the app is served over https (behind a TLS proxy, through `trust proxy`). */
  secureCookies: boolean;
  sessionSecret: string;
  /** A session unused this long (seconds) is signed out. */
  sessionIdleSeconds: number;
  /** A session is signed out this long (seconds) after sign-in, however busy. */
  sessionMaxSeconds: number;
  /** True when SESSION_SECRET was not set and the fixed development secret is used (a warning is logged). */
  developmentSessionSecret: boolean;
  oidc: OidcSettings;
  allowedSignIns: SignInAllowList;
  databaseUrl: string;
  subjectRoot: string;
  serviceTimeoutMs: number;
  /** How long POST /api/extract-load waits for svc-ai (OCR of a scan, then a model). */
  extractTimeoutMs: number;
  /** Device ingestion's rate limit, and how long the latest positions' answer is reused. */
  gps: GpsSettings;
  /** The driver app's own origin (issue 44): its port (DRIVER_PORT), public URL (DRIVER_APP_URL) and built files. */
  driver: { port: number; appUrl: string; dist: string };
  shellDist: string;
  /** Folder of each remote's build, served at /remotes/{name}/. */
  remoteDists: Record<RemoteName, string>;
  /** What GET /runtime-config.json answers for each remote. */
  remoteUrls: Record<RemoteName, string>;
}

export interface GpsSettings {
  /** Requests a device may make per second, on average (per gateway replica). */
  ratePerSecond: number;
  /** Requests a device may make at once after being quiet. */
  burst: number;
  /** How long the latest positions' answer is reused (ms), as svc-telematics reuses its pages. */
  latestReuseMs: number;
}

type Env = Record<string, string | undefined>;

const present = (value: string | undefined) => (value !== undefined && value.trim() !== '' ? value.trim() : undefined);

/** A comma- or space-separated list, lower-cased; each entry must pass `valid`, else the start stops naming it. */
function list(env: Env, name: string, valid: RegExp, example: string): string[] {
  const entries = (present(env[name]) ?? '').split(/[\s,]+/).filter(Boolean).map((entry) => entry.toLowerCase());
  const bad = entries.find((entry) => !valid.test(entry));
  if (bad !== undefined) throw new SettingError(`${name} must list entries like ${example}, separated by commas (got "${bad}").`);
  return entries;
}

/** A domain, written alone or as '@domain'. */
const DOMAIN = /^@?(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
const EMAIL = /^[^\s@,]+@[a-z0-9.-]+\.[a-z0-9-]{2,63}$/;

function httpUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SettingError(`${name} must be an absolute http(s) URL (got "${raw}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SettingError(`${name} must be an absolute http(s) URL (got "${raw}").`);
  }
  return url;
}

/**
 * Reads and checks the configuration. `gatewayDir` is the svc-gateway folder: the front ends' builds are found
 * beside it unless SHELL_DIST says otherwise.
 */
export function loadConfig(env: Env, gatewayDir: string): GatewayConfig {
  const production = env.NODE_ENV === 'production';
  const port = wholeNumberSetting('PORT', { fallback: 3000, max: 65535 }, env);
  const appUrl = httpUrl('APP_URL', present(env.APP_URL) ?? `http://localhost:${port}`);
  if (appUrl.pathname !== '/' || appUrl.search || appUrl.hash) {
    throw new SettingError(`APP_URL must be an origin without a path, like https://tms.example.com (got "${appUrl.href}").`);
  }

  const issuerUrl = present(env.OIDC_ISSUER_URL);
  let oidc: OidcSettings;
  if (issuerUrl) {
    httpUrl('OIDC_ISSUER_URL', issuerUrl);
    const clientId = present(env.OIDC_CLIENT_ID);
    const clientSecret = present(env.OIDC_CLIENT_SECRET);
    const missing = [!clientId && 'OIDC_CLIENT_ID', !clientSecret && 'OIDC_CLIENT_SECRET'].filter(Boolean);
    if (missing.length) throw new SettingError(`OIDC_ISSUER_URL is set, so ${missing.join(' and ')} must be set too.`);
    oidc = { kind: 'external', issuerUrl: issuerUrl.replace(/\/+$/, ''), clientId: clientId!, clientSecret: clientSecret! };
  } else {
    if (production) {
      throw new SettingError(
        'OIDC_ISSUER_URL is not set, and the built-in development sign-in cannot run with NODE_ENV=production ' +
          '(it signs anyone in). Set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for your identity provider.',
      );
    }
    oidc = { kind: 'development' };
  }

  const allowedSignIns = {
    domains: list(env, 'OIDC_ALLOWED_DOMAINS', DOMAIN, 'example.com').map((domain) => domain.replace(/^@/, '')),
    emails: list(env, 'OIDC_ALLOWED_EMAILS', EMAIL, 'dispatch@example.com'),
  };

  const sessionSecret = present(env.SESSION_SECRET);
  if (!sessionSecret && production) {
    throw new SettingError('SESSION_SECRET must be set with NODE_ENV=production (a long random string signs the session cookie).');
  }

  const sessionIdleSeconds = wholeNumberSetting('SESSION_IDLE_SECONDS', { fallback: 60 * 60 }, env);
  const sessionMaxSeconds = wholeNumberSetting('SESSION_MAX_SECONDS', { fallback: 12 * 60 * 60 }, env);
  const serviceTimeoutMs = wholeNumberSetting('SERVICE_TIMEOUT_MS', { fallback: 4500 }, env);
  const extractTimeoutMs = wholeNumberSetting('EXTRACT_TIMEOUT_MS', { fallback: 60_000 }, env);
  const ratePerSecond = wholeNumberSetting('GPS_RATE_LIMIT_PER_SECOND', { fallback: 10 }, env);
  const gps = {
    ratePerSecond,
    burst: wholeNumberSetting('GPS_RATE_LIMIT_BURST', { fallback: Math.max(20, ratePerSecond * 2) }, env),
    latestReuseMs: wholeNumberSetting('GPS_LATEST_REUSE_MS', { fallback: 1000 }, env),
  };
  const driverPort = wholeNumberSetting('DRIVER_PORT', { fallback: 3001, max: 65535 }, env);
  const driverAppUrl = httpUrl('DRIVER_APP_URL', present(env.DRIVER_APP_URL) ?? `http://localhost:${driverPort}`);
  if (driverAppUrl.pathname !== '/' || driverAppUrl.search || driverAppUrl.hash) {
    throw new SettingError(`DRIVER_APP_URL must be an origin without a path, like https://driver.tms.example.com (got "${driverAppUrl.href}").`);
  }
  if (driverAppUrl.origin === appUrl.origin) throw new SettingError('DRIVER_APP_URL must be an origin of its own, not APP_URL\'s.');
  const shellDist = path.resolve(gatewayDir, present(env.SHELL_DIST) ?? '../shell/dist');
  const remoteDists = Object.fromEntries(REMOTES.map((name) => [name, path.resolve(gatewayDir, `../mfe-${name}/dist`)]));
  const remoteUrls = Object.fromEntries(
    REMOTES.map((name) => [name, present(env[`REMOTE_${name.toUpperCase()}_URL`]) ?? `/remotes/${name}/mf-manifest.json`]),
  );

  return {
    production,
    port,
    healthPort: wholeNumberSetting('HEALTH_PORT', { max: 65535 }, env),
    appUrl: appUrl.origin,
    appOrigin: appUrl.origin,
    secureCookies: appUrl.protocol === 'https:',
    sessionSecret: sessionSecret ?? DEVELOPMENT_SESSION_SECRET,
    developmentSessionSecret: !sessionSecret,
    sessionIdleSeconds,
    sessionMaxSeconds,
    oidc,
    allowedSignIns,
    databaseUrl: shared.databaseUrl,
    subjectRoot: shared.subjectRoot,
    serviceTimeoutMs,
    extractTimeoutMs,
    gps,
    driver: { port: driverPort, appUrl: driverAppUrl.origin, dist: path.resolve(gatewayDir, present(env.DRIVER_DIST) ?? '../mfe-dispatch/dist-driver') },
    shellDist,
    remoteDists: remoteDists as Record<RemoteName, string>,
    remoteUrls: remoteUrls as Record<RemoteName, string>,
  };
}

/** The injection token of the loaded GatewayConfig. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
