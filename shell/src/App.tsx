import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { currentUserQuery } from './auth/current-user.js';
import { LandingPage } from './landing/LandingPage.js';
import { AppLayout } from './layout/AppLayout.js';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { SettingsPage } from './pages/SettingsPage.js';
import { RemoteScreen } from './remotes/RemoteScreen.js';
import { resolveRoute } from './routing/routes.js';

/** The content area: the owning remote's screen, Settings, or the 404 page. */
function RoutedContent() {
  const target = resolveRoute(useLocation().pathname);
  switch (target.kind) {
    case 'settings':
      return <SettingsPage />;
    case 'not-found':
      return <NotFoundPage />;
    case 'remote':
      return <RemoteScreen key={target.remote} remote={target.remote} path={target.path} />;
  }
}

/** Spec 2.1 and 4: while the user loads, or when signed out, only the landing page, whatever the path. */
export function App() {
  const { data: user } = useQuery(currentUserQuery);
  if (!user) return <LandingPage />;
  return (
    <AppLayout user={user}>
      <RoutedContent />
    </AppLayout>
  );
}
