import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  appContainer,
  FIRST_SCREEN_TIMEOUT_MS,
  LARGEST_IMAGE_WAIT_MS,
  showAppScreen,
  useFirstScreenReady,
} from './screen-handover';

function Page({ ready }: { ready: boolean }) {
  useFirstScreenReady(ready);
  return <p>课程</p>;
}

describe('taking over the first screen the server drew', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'],
    });
    document.body.innerHTML =
      '<div id="root" data-first-screen inert aria-hidden="true"><h1>画好的首页</h1></div>';
  });
  afterEach(() => {
    showAppScreen();
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('renders off the document and replaces the drawing once the page is ready', () => {
    const app = appContainer();
    expect(app.isConnected).toBe(false);
    expect(app.id).toBe('root');

    const { rerender } = render(<Page ready={false} />, { container: app });
    expect(document.body.textContent).toBe('画好的首页');

    rerender(<Page ready />);
    expect(document.getElementById('root')).toBe(app);
    expect(document.body.textContent).toBe('课程');
    expect(document.querySelector('[data-first-screen]')).toBeNull();
  });

  it('takes over after the time limit when no page says it is ready', () => {
    const app = appContainer();
    vi.advanceTimersByTime(FIRST_SCREEN_TIMEOUT_MS - 1);
    expect(app.isConnected).toBe(false);
    vi.advanceTimersByTime(1);
    expect(app.isConnected).toBe(true);
    expect(document.querySelectorAll('#root')).toHaveLength(1);
  });

  describe('when the drawing holds its largest image (preloaded at high priority)', () => {
    function drawnImage(complete: boolean): HTMLImageElement {
      document.body.innerHTML =
        '<div id="root" data-first-screen><img fetchpriority="high" src="/banner.webp" alt="" /></div>';
      const image = document.querySelector('img')!;
      Object.defineProperty(image, 'complete', { value: complete });
      return image;
    }

    it('waits until that image has loaded and been painted', () => {
      const image = drawnImage(false);
      const app = appContainer();
      render(<Page ready />, { container: app });
      vi.advanceTimersByTime(LARGEST_IMAGE_WAIT_MS - 1);
      expect(app.isConnected).toBe(false);

      image.dispatchEvent(new Event('load'));
      expect(app.isConnected).toBe(false);
      vi.advanceTimersByTime(17);
      expect(app.isConnected).toBe(true);
    });

    it('takes over when the image fails, and after the wait when it never comes', () => {
      const failing = drawnImage(false);
      const first = appContainer();
      render(<Page ready />, { container: first });
      failing.dispatchEvent(new Event('error'));
      vi.advanceTimersByTime(100);
      expect(first.isConnected).toBe(true);

      drawnImage(false);
      const second = appContainer();
      render(<Page ready />, { container: second });
      vi.advanceTimersByTime(LARGEST_IMAGE_WAIT_MS + 100);
      expect(second.isConnected).toBe(true);
    });

    it('takes over at once when the image is in already', () => {
      drawnImage(true);
      const app = appContainer();
      render(<Page ready />, { container: app });
      expect(app.isConnected).toBe(true);
    });
  });

  it('renders straight into #root when nothing was drawn', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root');
    expect(appContainer()).toBe(root);
    showAppScreen();
    expect(document.getElementById('root')).toBe(root);
  });
});
