import { appScreenShown } from '@/shared/layout/screen-handover';
import { whenIdle } from '@/shared/layout/next-task';

/** The longest the service worker's registration waits for an idle main thread. */
export const WORKER_IDLE_TIMEOUT_MS = 3000;

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

const loadAndRegister = () =>
  import('./service-worker').then(({ registerServiceWorker }) => registerServiceWorker());

/**
 * The service worker's first install downloads the whole app shell, on a thread of its own but on
 * the same processor and network: it registers once the page has loaded, the app shows its own
 * screen and the main thread is idle, so it never competes with starting the app.
 */
export async function registerWorkerWhenIdle(register: () => Promise<void> = loadAndRegister): Promise<void> {
  await Promise.all([pageLoaded(), appScreenShown()]);
  await new Promise<void>((resolve) => whenIdle(resolve, WORKER_IDLE_TIMEOUT_MS));
  await register();
}
