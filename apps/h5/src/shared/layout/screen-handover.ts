import { H5_FIRST_SCREEN_ATTRIBUTE } from '@kezhan/contract/browser';
import { useLayoutEffect } from 'react';
import { afterNextPaint } from './next-task';

/** The app takes over by then whatever its pages say, so a page can never stay frozen. */
export const FIRST_SCREEN_TIMEOUT_MS = 8000;

let waiting: { drawn: HTMLElement; app: HTMLElement; timer: number } | null = null;
let appScreenShownListeners: (() => void)[] = [];

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
  const listeners = appScreenShownListeners;
  appScreenShownListeners = [];
  for (const listener of listeners) listener();
}

/** Resolves once the app's screen is in the document: at once unless it is still waiting to take over. */
export function appScreenShown(): Promise<void> {
  if (!waiting) return Promise.resolve();
  return new Promise((resolve) => appScreenShownListeners.push(resolve));
}

/** The longest the app waits, once ready, for the drawing's largest image to be shown. */
export const LARGEST_IMAGE_WAIT_MS = 1500;
const HIDDEN_TAB_PAINT_MS = 100;

/** The drawing's largest image (the one the server preloads at high priority) while it loads. */
function largestImageLoading(drawn: HTMLElement): HTMLImageElement | null {
  const image = drawn.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  return image && !image.complete ? image : null;
}

/**
 * Once the drawing's largest image is on screen (or at once when there is none, or it is in):
 * the visitor then never sees that image's place empty again in the app's screen, and the image
 * the browser counts as the page's largest paint is the drawing's, not a copy painted later.
 */
function showAppScreenAfterLargestImage(): void {
  const image = waiting && largestImageLoading(waiting.drawn);
  if (!image) {
    showAppScreen();
    return;
  }
  let timer = 0;
  const shown = () => {
    window.clearTimeout(timer);
    image.removeEventListener('load', shown);
    image.removeEventListener('error', shown);
    // The frame after the load paints the image; the app's screen replaces it after that.
    afterNextPaint(showAppScreen, HIDDEN_TAB_PAINT_MS);
  };
  timer = window.setTimeout(shown, LARGEST_IMAGE_WAIT_MS);
  image.addEventListener('load', shown);
  image.addEventListener('error', shown);
}

/**
 * For the pages the server draws: once `ready` (their content or their error is rendered), the
 * app's screen replaces the drawing, as soon as the drawing's largest image is shown.
 */
export function useFirstScreenReady(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) showAppScreenAfterLargestImage();
  }, [ready]);
}
