import 'antd-mobile/es/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startTheme } from './shared/theme/theme';
import { followReducedMotion } from './shared/ui/reduced-motion';

startTheme();
followReducedMotion();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker is not needed for the first paint: register it once the page has loaded.
window.addEventListener('load', () => {
  void import('./app/service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
});
