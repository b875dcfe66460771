import { z } from 'zod';
import { SettingError } from '@tms/service-kit';
import type { GatewayConfig } from '../config/gateway-config.js';

/** How the gateway's OIDC client reaches its issuer: what passport-openidconnect needs. */
export interface OidcClientSettings {
  /** Exactly the `iss` the ID tokens carry. */
  issuer: string;
  authorizationURL: string;
  tokenURL: string;
  userInfoURL?: string;
  clientID: string;
  clientSecret: string;
  callbackURL: string;
  /** The development issuer asks for the sign-in page every time, so one can switch users. */
  prompt?: string;
}

/** The injection token of the OidcClientSettings the gateway signs in with. */
export const OIDC_CLIENT = Symbol('OIDC_CLIENT');

const discoverySchema = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
});
export type Discovery = z.infer<typeof discoverySchema>;

export const DISCOVERY_TIMEOUT_MS = 5000;

/** Reads `{issuer}/.well-known/openid-configuration`, failing with a clear SettingError within the timeout. */
export async function discoverIssuer(issuerUrl: string, timeoutMs = DISCOVERY_TIMEOUT_MS): Promise<Discovery> {
  const url = `${issuerUrl.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : describe(error);
    throw new SettingError(`Cannot read the OIDC discovery document at ${url}: ${reason}. Check OIDC_ISSUER_URL.`);
  }
  if (!response.ok) {
    throw new SettingError(`Cannot read the OIDC discovery document at ${url}: HTTP ${response.status}. Check OIDC_ISSUER_URL.`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new SettingError(`The OIDC discovery document at ${url} is not JSON. Check OIDC_ISSUER_URL.`);
  }
  const parsed = discoverySchema.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new SettingError(`The OIDC discovery document at ${url} lacks or has invalid: ${fields}.`);
  }
  return parsed.data;
}

/** The client settings for an external issuer (Keycloak, Entra ID, Google, Auth0…), from its discovery document. */
export async function externalClient(config: GatewayConfig): Promise<OidcClientSettings> {
  if (config.oidc.kind !== 'external') throw new Error('externalClient needs OIDC_ISSUER_URL');
  const discovery = await discoverIssuer(config.oidc.issuerUrl);
  return {
    issuer: discovery.issuer,
    authorizationURL: discovery.authorization_endpoint,
    tokenURL: discovery.token_endpoint,
    userInfoURL: discovery.userinfo_endpoint,
    clientID: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    callbackURL: callbackUrl(config),
  };
}

export const callbackUrl = (config: GatewayConfig) => `${config.appUrl}/api/callback`;

function describe(error: unknown) {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
