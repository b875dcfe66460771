/** What a sign-in tells us about a user, ready to be written to gateway.users. */
export interface SignInProfile {
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

/** A sign-in the gateway refuses; the message is logged, never shown with the claims. */
export class SignInRefused extends Error {
  override name = 'SignInRefused';
}

/** A person the issuer vouches for, but whom this carrier does not let in (OIDC_ALLOWED_DOMAINS / _EMAILS). */
export class SignInNotAllowed extends SignInRefused {
  override name = 'SignInNotAllowed';
  constructor(readonly email: string) {
    super(`${email} is not on OIDC_ALLOWED_DOMAINS or OIDC_ALLOWED_EMAILS`);
  }
}

/** Whether `email` may sign in: any address when both lists are empty, else one listed or of a listed domain. */
export function maySignIn(email: string, allowed: { domains: string[]; emails: string[] }): boolean {
  if (!allowed.domains.length && !allowed.emails.length) return true;
  return allowed.emails.includes(email) || allowed.domains.includes(email.slice(email.lastIndexOf('@') + 1));
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, 200);
};

const httpUrl = (value: unknown): string | null => {
  const candidate = text(value);
  if (!candidate || candidate.length > 2048) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * Maps the issuer's claims (ID token merged with userinfo) to a user: email, given_name → firstName,
 * family_name → lastName, picture → profileImageUrl. Users are found again by e-mail, so the address is
 * lower-cased, and an address the issuer itself marks as unverified is refused (it could be anyone's).
 * Entra ID may omit `email`; its `preferred_username` is used when it is an address.
 */
export function profileFromClaims(claims: Record<string, unknown>): SignInProfile {
  if (claims.email_verified === false || claims.email_verified === 'false') {
    throw new SignInRefused('The identity provider says this e-mail address is not verified.');
  }
  const candidate = text(claims.email) ?? text(claims.preferred_username);
  const email = candidate?.toLowerCase();
  if (!email || email.length > 320 || !EMAIL.test(email)) {
    throw new SignInRefused('The identity provider did not give an e-mail address (is the "email" scope allowed?).');
  }
  return {
    email,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    profileImageUrl: httpUrl(claims.picture),
  };
}

/** The claims of a JWT's payload, without checking its signature (it came straight from the token endpoint). */
export function jwtClaims(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1];
  if (!payload) throw new SignInRefused('The ID token is not a JWT.');
  const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (typeof claims !== 'object' || claims === null) throw new SignInRefused('The ID token has no claims.');
  return claims as Record<string, unknown>;
}

/**
 * The ID token's claims, completed by userinfo's. Userinfo must be about the same subject (OIDC Core 5.3.2).
 */
export function mergeClaims(idToken: Record<string, unknown>, userinfo: Record<string, unknown> | undefined) {
  if (!userinfo) return idToken;
  if (userinfo.sub !== idToken.sub) throw new SignInRefused('The userinfo answer is about another subject than the ID token.');
  return { ...idToken, ...userinfo };
}
