import { api } from '@tms/ui';
import type { CurrentUser } from '@tms/contracts';

/**
 * Spec 2.1: signed in means GET /api/auth/user could be loaded; null when it answers 401 (signed out) or fails.
 * A plain fetch, so the landing page needs neither the router nor the query cache.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await api.get<CurrentUser>('/api/auth/user');
  } catch {
    return null;
  }
}

/** Sign-in and sign-out are full-page navigations to the gateway, never fetches. */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';
