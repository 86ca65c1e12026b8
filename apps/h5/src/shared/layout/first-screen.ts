import { H5_FIRST_SCREEN_ATTRIBUTE } from '@kezhan/contract/browser';
import { useLayoutEffect } from 'react';

/** The app takes over by then whatever its pages say, so a page can never stay frozen. */
export const FIRST_SCREEN_TIMEOUT_MS = 8000;

let waiting: { drawn: HTMLElement; app: HTMLElement; timer: number } | null = null;

/** The server drew this page's first screen into `#root` (and the app has not yet replaced it). */
function isFirstScreenDrawn(): boolean {
  return document.getElementById('root')?.hasAttribute(H5_FIRST_SCREEN_ATTRIBUTE) ?? false;
}

/**
 * The element the app renders into. When the server drew the page's first screen into `#root`,
 * the app renders into a twin kept off the document, which takes the drawing's place once the
 * page shows its own first screen (`showAppScreen`): the visitor sees the drawn page, then the same
 * page alive, never a spinner in between.
 */
export function appContainer(): HTMLElement {
  const root = document.getElementById('root')!;
  if (!isFirstScreenDrawn()) return root;
  const app = document.createElement('div');
  app.id = 'root';
  waiting = { drawn: root, app, timer: window.setTimeout(showAppScreen, FIRST_SCREEN_TIMEOUT_MS) };
  return app;
}

/** Puts the app's screen in place of the server's drawing (once; nothing when there was none). */
export function showAppScreen(): void {
  if (!waiting) return;
  window.clearTimeout(waiting.timer);
  waiting.drawn.replaceWith(waiting.app);
  waiting = null;
}

/**
 * For the pages the server draws: once `ready` (their content or their error is rendered), the
 * app's screen replaces the drawing before the browser paints.
 */
export function useFirstScreenReady(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) showAppScreen();
  }, [ready]);
}
