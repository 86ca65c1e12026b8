import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appContainer, FIRST_SCREEN_TIMEOUT_MS, showAppScreen, useFirstScreenReady } from './first-screen';

function Page({ ready }: { ready: boolean }) {
  useFirstScreenReady(ready);
  return <p>课程</p>;
}

describe('taking over the first screen the server drew', () => {
  beforeEach(() => {
    vi.useFakeTimers();
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

  it('renders straight into #root when nothing was drawn', () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root');
    expect(appContainer()).toBe(root);
    showAppScreen();
    expect(document.getElementById('root')).toBe(root);
  });
});
