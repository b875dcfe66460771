import { QueryClient } from '@tanstack/react-query';

/** Spec 7 and 9: no retry, no refetch on focus, no polling, data never stale; lists refetch after each change. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
