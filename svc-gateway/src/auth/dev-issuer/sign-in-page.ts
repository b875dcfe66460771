/** The development issuer's pages. */
import { escapeHtml, plainPage as layout } from '../../http/plain-page.js';

/**
 * The sign-in form: a field labelled 'Email' (id "email") and a button 'Sign in'. Any address signs in.
 */
export function signInPage(action: string, state: { email?: string; error?: string } = {}) {
  const error = state.error ? `\n    <p class="error" id="email-error" role="alert">${escapeHtml(state.error)}</p>` : '';
  const described = state.error ? ' aria-invalid="true" aria-describedby="email-error"' : '';
  return layout(
    'Sign in',
    `  <h1>Sign in</h1>
  <p class="subtitle">Transportation Management System</p>
  <p class="notice">Development sign-in: any e-mail address signs in as that user, with no password. Not for production.</p>
  <form method="post" action="${escapeHtml(action)}">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(state.email ?? '')}"${described}>${error}
    <button type="submit">Sign in</button>
  </form>`,
  );
}

/** When the sign-in attempt is unknown or expired (a stale tab, a restarted gateway). */
export function expiredPage() {
  return layout(
    'Sign-in expired',
    `  <h1>Sign-in expired</h1>
  <p class="subtitle">This sign-in attempt has expired or was already used.</p>
  <p><a href="/api/login">Start again</a></p>`,
  );
}
