import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-openidconnect';
import { GATEWAY_CONFIG, type SignInAllowList } from '../config/gateway-config.js';
import type { User } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { jwtClaims, maySignIn, mergeClaims, profileFromClaims, SignInNotAllowed } from './claims.js';
import { OIDC_CLIENT, type OidcClientSettings } from './oidc-issuer.js';

export const OIDC_STRATEGY = 'oidc';

/** Where passport-openidconnect keeps the pending sign-in's state and nonce: the server-side session (#72). */
const STATE_SESSION_KEY = 'oidc';

/**
 * The authorization-code flow with passport-openidconnect: `state` and `nonce` are kept in the session, the
 * client authenticates with its secret. (0.1.2 has no PKCE: jaredhanson/passport-openidconnect#83.)
 * Arity 9 makes the library pass the userinfo answer and the raw ID token to `validate`.
 */
@Injectable()
export class OidcStrategy extends PassportStrategy(Strategy, OIDC_STRATEGY, 9) {
  constructor(
    @Inject(OIDC_CLIENT) client: OidcClientSettings,
    @Inject(GATEWAY_CONFIG) { allowedSignIns }: { allowedSignIns: SignInAllowList },
    private readonly users: UsersService,
  ) {
    super({
      issuer: client.issuer,
      authorizationURL: client.authorizationURL,
      tokenURL: client.tokenURL,
      userInfoURL: client.userInfoURL ?? '',
      clientID: client.clientID,
      clientSecret: client.clientSecret,
      callbackURL: client.callbackURL,
      scope: ['email', 'profile'],
      prompt: client.prompt,
      // Any truthy value makes the library send a fresh random nonce and check it in the ID token.
      nonce: 'true',
      skipUserProfile: !client.userInfoURL,
      sessionKey: STATE_SESSION_KEY,
    });
    this.allowed = allowedSignIns;
  }

  private readonly allowed: SignInAllowList;

  async validate(
    _issuer: string,
    userinfo: { _json?: Record<string, unknown> } | undefined,
    _idProfile: unknown,
    _context: unknown,
    idToken: string,
  ): Promise<User> {
    const profile = profileFromClaims(mergeClaims(jwtClaims(idToken), userinfo?._json));
    // Refused before any user row is written: who is not allowed in leaves no trace but the log line.
    if (!maySignIn(profile.email, this.allowed)) throw new SignInNotAllowed(profile.email);
    return this.users.upsert(profile);
  }
}
