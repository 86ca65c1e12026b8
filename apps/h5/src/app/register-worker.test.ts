import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appContainer, showAppScreen } from '@/shared/layout/screen-handover';
import { registerWorkerWhenIdle, WORKER_IDLE_TIMEOUT_MS } from './register-worker';

function setReadyState(state: DocumentReadyState) {
  Object.defineProperty(document, 'readyState', { value: state, configurable: true });
}

/** Lets the awaited promises of the registration run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('registering the service worker once the app is up', () => {
  let idleCallbacks: { run: () => void; timeout?: number }[];

  beforeEach(() => {
    vi.useFakeTimers();
    idleCallbacks = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void, options?: IdleRequestOptions) => {
      idleCallbacks.push({ run, timeout: options?.timeout });
      return idleCallbacks.length;
    });
    document.body.innerHTML = '<div id="root" data-first-screen><h1>画好的首页</h1></div>';
  });
  afterEach(() => {
    showAppScreen();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setReadyState('complete');
    document.body.innerHTML = '';
  });

  it('waits for the load event, the app screen and an idle main thread', async () => {
    setReadyState('loading');
    appContainer();
    const register = vi.fn(() => Promise.resolve());
    void registerWorkerWhenIdle(register);

    await settle();
    setReadyState('complete');
    window.dispatchEvent(new Event('load'));
    await settle();
    expect(idleCallbacks).toHaveLength(0);

    showAppScreen();
    await settle();
    expect(idleCallbacks).toEqual([{ run: expect.any(Function), timeout: WORKER_IDLE_TIMEOUT_MS }]);
    expect(register).not.toHaveBeenCalled();

    idleCallbacks[0]!.run();
    await settle();
    expect(register).toHaveBeenCalledOnce();
  });

  it('on a page the server did not draw, waits only for the load and an idle moment', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    appContainer();
    const register = vi.fn(() => Promise.resolve());
    void registerWorkerWhenIdle(register);
    await settle();
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0]!.run();
    await settle();
    expect(register).toHaveBeenCalledOnce();
  });

  it('without idle callbacks, registers after a short delay', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    document.body.innerHTML = '<div id="root"></div>';
    const register = vi.fn(() => Promise.resolve());
    void registerWorkerWhenIdle(register);
    await vi.advanceTimersByTimeAsync(999);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledOnce();
  });
});
