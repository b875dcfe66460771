import { lazy, StrictMode, Suspense, use } from 'react';
import { createRoot } from 'react-dom/client';
import type { CurrentUser } from '@tms/contracts';
import { LandingPage } from './landing/LandingPage.js';
import { applyDocumentTheme, DocumentStyles } from './theme/document-theme.js';
import { readTheme } from './theme/theme-storage.js';

// Downloaded only once the visitor is known to be signed in: antd, the router, the query cache and the layout.
const SignedInApp = lazy(() => import('./SignedInApp.js'));

/** Spec 2.1: while the sign-in status loads, and when signed out, only the landing page, whatever the path. */
function SignInGate({ currentUser }: { currentUser: Promise<CurrentUser | null> }) {
  const user = use(currentUser);
  return user ? <SignedInApp user={user} /> : <LandingPage />;
}

export function renderApp(currentUser: Promise<CurrentUser | null>) {
  applyDocumentTheme(readTheme(window.localStorage));
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <DocumentStyles />
      <Suspense fallback={<LandingPage />}>
        <SignInGate currentUser={currentUser} />
      </Suspense>
    </StrictMode>,
  );
}
