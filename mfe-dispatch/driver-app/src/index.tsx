import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { addStyles } from './styles.js';

addStyles();
createRoot(document.getElementById('root')!).render(<App />);

// Offline use (issue 44, point 6): the service worker keeps the app and the driver's loads.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
