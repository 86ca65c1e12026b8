import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { appContainer, isFirstScreenDrawn } from '@/shared/layout/first-screen';
import { App } from './app';

/** Renders the app and, once the page has loaded, registers the service worker. */
export function startApp(): void {
  const drawn = isFirstScreenDrawn();
  const root = createRoot(appContainer());
  const render = () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  // Under the server's drawing the visitor already sees the page: the app's first render is done
  // in slices the browser can interrupt (a transition), not in one long task that would hold up a
  // tap or a scroll.
  if (drawn) startTransition(render);
  else render();
  // The service worker is not needed for the first paint.
  const registerWorker = () =>
    void import('./service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') registerWorker();
  else window.addEventListener('load', registerWorker, { once: true });
}
