import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { appContainer } from '@/shared/layout/screen-handover';
import { nextTask } from '@/shared/layout/next-task';
import { App } from './app';
import { registerWorkerWhenIdle } from './register-worker';
import { routes } from './routes';

/**
 * Renders the app and, once it is up, registers the service worker. Each step runs in
 * a task of its own and the first render is a transition (rendered in slices between frames), so
 * starting never holds the page's main thread for long: the drawn page stays responsive.
 */
export async function startApp(): Promise<void> {
  await nextTask();
  const router = createBrowserRouter(routes);
  await nextTask();
  const root = createRoot(appContainer());
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
  void registerWorkerWhenIdle();
}
