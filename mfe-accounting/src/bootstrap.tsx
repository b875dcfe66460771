import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Empty } from 'antd';
import { createQueryClient, TOAST_CONFIG } from '@tms/ui';
import screens from './screens.js';

/** This remote on its own, for its team's development: its screens by path, without the shell's layout. */
function Screen() {
  const { pathname } = useLocation();
  const Found = screens[pathname];
  const paths = Object.keys(screens);
  return Found ? <Found /> : <Empty description={paths.length ? `No screen at ${pathname}. Try ${paths.join(', ')}.` : 'No screens yet.'} />;
}

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <QueryClientProvider client={createQueryClient()}>
      <ConfigProvider>
        <App notification={TOAST_CONFIG} style={{ padding: 24 }}>
          <Screen />
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  </BrowserRouter>,
);
