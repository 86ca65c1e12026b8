import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('counts down once a second from the start and stops at 0', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown(3));
    expect(result.current.seconds).toBe(0);
    act(() => result.current.start());
    expect(result.current.seconds).toBe(3);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.seconds).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarting begins again from the full count', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown(120));
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(30_000));
    expect(result.current.seconds).toBe(90);
    act(() => result.current.start());
    expect(result.current.seconds).toBe(120);
    expect(vi.getTimerCount()).toBe(1);
  });
});
