import { escapeHtml, plainPage } from '../http/plain-page.js';

/** Shown when a sign-in does not complete (refused, expired, or the issuer failed); the reason is only logged. */
export const signInFailedPage = () =>
  plainPage(
    'Sign-in failed',
    `  <h1>Sign-in failed</h1>
  <p class="subtitle">We could not sign you in. Please try again.</p>
  <p><a href="/api/login">Try again</a> · <a href="/">Home</a></p>`,
  );

/** Shown to a person the identity provider signed in but this carrier does not allow (OIDC_ALLOWED_DOMAINS / _EMAILS). */
export const signInNotAllowedPage = (email: string) =>
  plainPage(
    'Access not allowed',
    `  <h1>Access not allowed</h1>
  <p class="subtitle">${escapeHtml(email)} may not sign in to this TMS. Ask your administrator to allow your e-mail
  address, or sign in with another account.</p>
  <p><a href="/api/login">Sign in with another account</a> · <a href="/">Home</a></p>`,
  );
