import { lazy, Suspense } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CurrentUser } from '@tms/contracts';
import { createQueryClient } from '@tms/ui';
import { AppLayout } from './layout/AppLayout.js';
import { ContentSkeleton } from './layout/ContentSkeleton.js';
import { prefetchRemoteScreens } from './remotes/remotes.js';
import { ThemeProvider } from './theme/ThemeProvider.js';

// The shell owns the router, the QueryClient, the antd theme and the toast region; remotes reach them through the
// shared singletons (react-router-dom, @tanstack/react-query, antd).
const queryClient = createQueryClient();

// The first screen's remote loads alongside the screens' code below, not after it.
prefetchRemoteScreens(queryClient, window.location.pathname);

// The frame (sidebar, header) shows first, the screens' code after it.
const Screens = lazy(() => import('./Screens.js'));

/** Spec 2.2: the app a signed-in user sees, loaded only once the user is known to be signed in. */
export default function SignedInApp({ user }: { user: CurrentUser }) {
  return (
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AppLayout user={user}>
            <Suspense fallback={<ContentSkeleton />}>
              <Screens />
            </Suspense>
          </AppLayout>
        </ThemeProvider>
      </QueryClientProvider>
    </BrowserRouter>
  );
}
