import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Empty, Flex } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, NavLink, Route, Routes } from 'react-router-dom';
import { createQueryClient } from './query-client.js';
import type { RemoteScreens } from './remote-screens.js';
import { TOAST_CONFIG } from './toast.js';


/**
 * A remote on its own, for its team's development (`npm run dev -w @tms/mfe-…`, /api proxied to the gateway): its
 * screens by path under a bar of links, without the shell's layout. In the product the shell provides the router,
 * the QueryClient, the theme and the toasts instead.
 */
export function renderStandalone(screens: RemoteScreens) {
  const paths = Object.keys(screens);
  const notFound = <Empty description={paths.length ? `No screen here. Try ${paths.join(', ')}.` : 'No screens yet.'} />;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider>
        <App notification={TOAST_CONFIG}>
          <QueryClientProvider client={createQueryClient()}>
            <BrowserRouter>
              <Flex component="nav" gap={16} style={{ padding: '12px 24px', borderBottom: '1px solid #f0f0f0' }}>
                {paths.map((path) => (
                  <NavLink key={path} to={path}>
                    {path}
                  </NavLink>
                ))}
              </Flex>
              <main style={{ padding: 24 }}>
                <Routes>
                  {Object.entries(screens).map(([path, Screen]) => (
                    <Route key={path} path={path} element={<Screen />} />
                  ))}
                  <Route path="*" element={notFound} />
                </Routes>
              </main>
            </BrowserRouter>
          </QueryClientProvider>
        </App>
      </ConfigProvider>
    </StrictMode>,
  );
}
