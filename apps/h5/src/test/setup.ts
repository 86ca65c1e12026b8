import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { reduceMotion } from 'antd-mobile/es/utils/reduce-and-restore-motion';
import { afterEach, vi } from 'vitest';
import { forgetLastAnswers } from '@/shared/data/last-answers';

// antd-mobile animates masks, popups and spinners with react-spring; jsdom has no frames to run them.
reduceMotion();

// Lazy routes render a moment after their chunk loads; on a busy 2-core machine the default 1 s
// for findBy*/waitFor is too tight, so asynchronous queries wait up to 5 s before failing.
configure({ asyncUtilTimeout: 5000 });

// hls.js's worker as the build names it: Vite refuses to serve a dependency's file by `?url` to the
// tests, which failed every test that renders the lesson player.
vi.mock('hls.js/dist/hls.worker.js?url', () => ({ default: '/assets/hls.worker.js' }));

// jsdom does not implement scrolling; ScrollToTop calls it on every path change.
window.scrollTo = (() => {}) as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  // Imperative toasts and dialogs live outside the React tree that cleanup() unmounts.
  act(() => {
    Toast.clear();
    Dialog.clear();
  });
  // Each test starts with no answers kept for offline use (they live in module memory).
  forgetLastAnswers();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});
