import { plainPage } from '../http/plain-page.js';

/** Shown when a sign-in does not complete (refused, expired, or the issuer failed); the reason is only logged. */
export const signInFailedPage = () =>
  plainPage(
    'Sign-in failed',
    `  <h1>Sign-in failed</h1>
  <p class="subtitle">We could not sign you in. Please try again.</p>
  <p><a href="/api/login">Try again</a> · <a href="/">Home</a></p>`,
  );
