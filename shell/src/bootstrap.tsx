import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { createQueryClient, TOAST_CONFIG } from '@tms/ui';
import { App } from './App.js';
import { ThemeProvider } from './theme/ThemeProvider.js';
import { installToastGestures } from './toasts/toast-gestures.js';

// The shell owns the router, the QueryClient, the antd theme and the toast region; remotes reach them through the
// shared singletons (react-router-dom, @tanstack/react-query, antd).
const queryClient = createQueryClient();

document.body.style.margin = '0';
installToastGestures(document);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <AntdApp notification={TOAST_CONFIG}>
            <App />
          </AntdApp>
        </ThemeProvider>
      </QueryClientProvider>
    </BrowserRouter>
  </StrictMode>,
);
