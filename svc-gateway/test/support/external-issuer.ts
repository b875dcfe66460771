import { generateKeyPairSync } from 'node:crypto';
import type { Server } from 'node:http';
import express from 'express';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { freePort } from './gateway-process.js';

export interface ExternalIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * A stand-in for a real identity provider (Keycloak-like: the issuer has a path), run in the test process with
 * oidc-provider. It signs everyone in as one person with full profile claims, without any page; `claims` may be a
 * function, read at each sign-in, to sign the next one in as someone else.
 */
export async function startExternalIssuer(options: {
  redirectUri: string;
  claims: Record<string, unknown> | (() => Record<string, unknown>);
}): Promise<ExternalIssuer> {
  const claimsNow = () => (typeof options.claims === 'function' ? options.claims() : options.claims);
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}/realms/tms`;
  const clientId = 'tms-web';
  const clientSecret = 'external-client-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig' }] },
    cookies: { keys: ['test-cookie-key'] },
    claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'picture'] },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Grant: 600, Session: 600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/realms/tms/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, accountId: string) => ({ accountId, claims: () => ({ sub: accountId, ...claimsNow() }) }),
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, provider: self } = ctx.oidc;
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const app = express();
  app.get('/realms/tms/interaction/:uid', (req, res) => {
    void provider.interactionFinished(req, res, { login: { accountId: 'robin-subject' } }, { mergeWithLastSubmission: false });
  });
  app.use('/realms/tms', provider.callback());
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
