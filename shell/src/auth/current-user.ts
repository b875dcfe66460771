import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@tms/ui';
import type { CurrentUser } from '@tms/contracts';

/** Spec 2.1: GET /api/auth/user; 401 means signed out. No retry (the QueryClient's default). */
export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: async (): Promise<CurrentUser | null> => {
    try {
      return await api.get<CurrentUser>('/api/auth/user');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
});

/** The signed-in user, or null while loading, when signed out, or when the call failed. */
export function useCurrentUser(): CurrentUser | null {
  return useQuery(currentUserQuery).data ?? null;
}

/** Sign-in and sign-out are full-page navigations to the gateway, never fetches. */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';
