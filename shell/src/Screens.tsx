import { App as AntdApp } from 'antd';
import { useLocation } from 'react-router-dom';
import { TOAST_CONFIG } from '@tms/ui';
import { NotFoundPage } from './pages/NotFoundPage.js';
import { SettingsPage } from './pages/SettingsPage.js';
import { RemoteScreen } from './remotes/RemoteScreen.js';
import { resolveRoute } from './routing/routes.js';
import { installToastGestures } from './toasts/toast-gestures.js';

// Spec 9: the toasts of the region below take the focus on F8 and go away with a swipe.
installToastGestures(document);

/** The content area's screen for the path: the owning remote's, Settings, or the 404 page. */
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

/** The screens, with the toast region every remote shares (antd's App). */
export default function Screens() {
  return (
    <AntdApp notification={TOAST_CONFIG}>
      <RoutedContent />
    </AntdApp>
  );
}
