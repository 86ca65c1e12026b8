import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appContainer } from '@/shared/layout/first-screen';
import { App } from './app';

/** Renders the app and, once the page has loaded, registers the service worker. */
export function startApp(): void {
  createRoot(appContainer()).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The service worker is not needed for the first paint.
  const registerWorker = () =>
    void import('./service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
