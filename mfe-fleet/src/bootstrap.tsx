/**
 * The fleet screens on their own, for this team's development (`npm run dev -w @tms/mfe-fleet`, /api proxied to
 * the gateway). In the product the shell provides the router, the QueryClient, the theme and the toasts instead.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, Flex } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, NavLink, Route, Routes } from 'react-router-dom';
import { createQueryClient, TOAST_CONFIG } from '@tms/ui';
import screens from './screens.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider>
      <App notification={TOAST_CONFIG}>
        <QueryClientProvider client={createQueryClient()}>
          <BrowserRouter>
            <Flex component="nav" gap={16} style={{ padding: '12px 24px', borderBottom: '1px solid #f0f0f0' }}>
              {Object.keys(screens).map((path) => (
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
                <Route path="*" element={<Navigate to="/fleet" replace />} />
              </Routes>
            </main>
          </BrowserRouter>
        </QueryClientProvider>
      </App>
    </ConfigProvider>
  </StrictMode>,
);
