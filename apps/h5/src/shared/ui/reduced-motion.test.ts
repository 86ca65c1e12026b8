import { afterEach, describe, expect, it, vi } from 'vitest';
import { followReducedMotion, scrollBehavior } from './reduced-motion';

function mockReduce(reduce: boolean) {
  const listeners: (() => void)[] = [];
  const query = { matches: reduce, addEventListener: (_: string, fn: () => void) => listeners.push(fn) };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    change(next: boolean) {
      query.matches = next;
      listeners.forEach((fn) => fn());
    },
  };
}

function motionSwitch() {
  const motion = { reduceMotion: vi.fn(), restoreMotion: vi.fn() };
  return { motion, load: vi.fn(async () => motion) };
}

afterEach(() => vi.unstubAllGlobals());

describe('prefers-reduced-motion', () => {
  it('turns the dialog animations off when the system asks, and on again when it stops asking', async () => {
    const system = mockReduce(true);
    const { motion, load } = motionSwitch();
    followReducedMotion(load);
    await vi.waitFor(() => expect(motion.reduceMotion).toHaveBeenCalledTimes(1));
    system.change(false);
    await vi.waitFor(() => expect(motion.restoreMotion).toHaveBeenCalledTimes(1));
  });

  it('does not load the animation switch while motion is welcome', async () => {
    const system = mockReduce(false);
    const { motion, load } = motionSwitch();
    followReducedMotion(load);
    expect(load).not.toHaveBeenCalled();
    system.change(true);
    await vi.waitFor(() => expect(motion.reduceMotion).toHaveBeenCalledTimes(1));
  });

  it('scripted scrolling jumps instead of gliding', () => {
    mockReduce(true);
    expect(scrollBehavior()).toBe('auto');
    mockReduce(false);
    expect(scrollBehavior()).toBe('smooth');
  });
});
