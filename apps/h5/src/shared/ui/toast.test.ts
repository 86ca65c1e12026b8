import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION, showToast } from './toast';

// react-spring animates the toast's mask with requestAnimationFrame, so fake those too.
const fakeAllTimers = () =>
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'Date',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
    ],
  });

/** Moves fake time in small steps so React can commit between animation frames. */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 50) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(50, left));
    });
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('showToast', () => {
  it('closes by itself after 2000 ms', async () => {
    fakeAllTimers();
    act(() => {
      showToast('请输入正确的手机号');
    });
    await advance(TOAST_DURATION - 50);
    expect(screen.getByText('请输入正确的手机号')).toBeInTheDocument();

    await advance(1000);
    expect(screen.queryByText('请输入正确的手机号')).toBeNull();
    expect(TOAST_DURATION).toBe(2000);
  });

  it('stays open with duration 0', async () => {
    fakeAllTimers();
    act(() => {
      showToast('加载中', { duration: 0 });
    });
    await advance(10000);
    expect(screen.getByText('加载中')).toBeInTheDocument();
  });

  it('can sit at the top (20 %) or the bottom (80 %)', async () => {
    act(() => {
      showToast('顶部', { position: 'top' });
    });
    const text = await screen.findByText('顶部');
    expect(text.closest('.adm-toast-main')).toHaveStyle({ top: '20%' });
  });
});
