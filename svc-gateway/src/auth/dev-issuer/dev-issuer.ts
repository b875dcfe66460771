import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import express, { type Request, type Response, type Router } from 'express';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { GatewayConfig } from '../../config/gateway-config.js';
import { callbackUrl, type OidcClientSettings } from '../oidc-issuer.js';
import { expiredPage, signInPage } from './sign-in-page.js';

/** Where the development issuer is mounted on the gateway's own server. */
export const DEV_ISSUER_PATH = '/oidc';
export const DEV_CLIENT_ID = 'tms-gateway';
const SCOPES = 'openid email profile';
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const loginAction = (uid: string) => `${DEV_ISSUER_PATH}/interaction/${encodeURIComponent(uid)}/login`;

export interface DevIssuer {
  client: OidcClientSettings;
  /** Where to mount the router: DEV_ISSUER_PATH. */
  path: string;
  /** Mount before any body parser: the sign-in page, then oidc-provider itself. */
  router: Router;
}

/**
 * A real OIDC issuer (oidc-provider) for development and tests, used when OIDC_ISSUER_URL is not set: any
 * e-mail signs in as that user (account id = the lower-cased e-mail; claims: email only, no names). Keys are
 * generated at every start, so sessions of its own do not survive a restart (the gateway's sessions do).
 * loadConfig refuses it under NODE_ENV=production.
 */
export function createDevIssuer(config: GatewayConfig): DevIssuer {
  const issuer = `${config.appUrl}${DEV_ISSUER_PATH}`;
  const clientSecret = randomBytes(32).toString('base64url');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [callbackUrl(config)],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        // passport-openidconnect (through `oauth`) sends the secret in the token request's body.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, use: 'sig', kid: 'dev-1' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { email: ['email'], profile: ['given_name', 'family_name', 'name', 'picture'] },
    // Put the scope's claims in the ID token too, as most real issuers do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Seconds. A sign-in page stays usable for 10 minutes; the issuer's own session lasts a working day.
    ttl: { Interaction: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Grant: 8 * 3600, Session: 8 * 3600 },
    routes: { authorization: '/auth', token: '/token', userinfo: '/me', jwks: '/jwks', end_session: '/session/end' },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${DEV_ISSUER_PATH}/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, accountId: string) => ({
      accountId,
      claims: () => ({ sub: accountId, email: accountId }),
    }),
    // The gateway is first-party: no consent screen; its grant is made on the spot.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result, provider: self } = ctx.oidc;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return self.Grant.find(grantId);
      if (!session.accountId) return undefined;
      const grant = new self.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
  });
  // Behind a TLS proxy, trust X-Forwarded-Proto for its cookies, like the gateway does.
  provider.proxy = true;

  const router = express.Router();
  router.get('/interaction/:uid', async (req, res) => {
    try {
      const details = await provider.interactionDetails(req, res);
      res.set('Cache-Control', 'no-store').type('html').send(signInPage(loginAction(details.uid)));
    } catch {
      res.status(400).set('Cache-Control', 'no-store').type('html').send(expiredPage());
    }
  });
  router.post(
    '/interaction/:uid/login',
    express.urlencoded({ extended: false, limit: '4kb' }),
    async (req: Request, res: Response) => {
      let uid: string;
      try {
        uid = (await provider.interactionDetails(req, res)).uid;
      } catch {
        res.status(400).set('Cache-Control', 'no-store').type('html').send(expiredPage());
        return;
      }
      const email = typeof req.body?.email === 'string' ? req.body.email.trim().toLowerCase() : '';
      if (!EMAIL.test(email) || email.length > 320) {
        res
          .status(400)
          .set('Cache-Control', 'no-store')
          .type('html')
          .send(signInPage(loginAction(uid), { email, error: 'Enter a valid e-mail address.' }));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
    },
  );
  router.use(provider.callback());

  // The token and userinfo requests are made by the gateway to itself: over loopback, not through a proxy.
  const backChannel = `http://127.0.0.1:${config.port}${DEV_ISSUER_PATH}`;
  return {
    path: DEV_ISSUER_PATH,
    router,
    client: {
      issuer,
      authorizationURL: `${issuer}/auth`,
      tokenURL: `${backChannel}/token`,
      userInfoURL: `${backChannel}/me`,
      clientID: DEV_CLIENT_ID,
      clientSecret,
      callbackURL: callbackUrl(config),
      prompt: 'login',
    },
  };
}

/** Says loudly, at every start, that anyone can sign in. */
export function warnDevelopmentIssuer(config: GatewayConfig) {
  const logger = new Logger('DevelopmentIssuer');
  const line = '*'.repeat(96);
  logger.warn(
    [
      line,
      'WARNING: OIDC_ISSUER_URL is not set, so the gateway serves its own DEVELOPMENT sign-in issuer at',
      `${config.appUrl}${DEV_ISSUER_PATH}. ANY e-mail address signs in, with no password. FOR DEVELOPMENT ONLY:`,
      'set OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for a real identity provider.',
      line,
    ].join('\n'),
  );
}
