import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/test/mock-api';
import { PROGRESS_INTERVAL_MS, useProgressReporter } from './use-progress-reporter';

function fakeVideo(state: { currentTime: number; paused: boolean; duration?: number; ended?: boolean }) {
  const video = document.createElement('video');
  for (const key of ['currentTime', 'paused', 'duration', 'ended'] as const) {
    Object.defineProperty(video, key, {
      configurable: true,
      get: () => state[key] ?? (key === 'ended' ? false : NaN),
    });
  }
  return video;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = () => act(async () => {});

describe('useProgressReporter', () => {
  it('saves the position every 10 s while playing, on pause, at the end, on pagehide and on unmount', async () => {
    const { called, fetchMock } = mockApi({ 'POST /api/v2/video/7/record': () => ok([]) });
    const state = { currentTime: 0, paused: false, duration: 60 };
    const video = fakeVideo(state);
    const { unmount } = renderHook(() => useProgressReporter(video, 7, 0));
    const sent = () => called('POST /api/v2/video/7/record').map((c) => c.body.duration);

    state.currentTime = 9.6;
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS - 1));
    expect(sent()).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(sent()).toEqual([9]);

    state.currentTime = 19.2;
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS));
    expect(sent()).toEqual([9, 19]);

    // paused: the timer stays quiet; the pause itself is saved once
    state.paused = true;
    state.currentTime = 21.4;
    video.dispatchEvent(new Event('pause'));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS * 2));
    expect(sent()).toEqual([9, 19, 21]);

    // nothing new → nothing sent; the page going away is sent with keepalive
    window.dispatchEvent(new Event('pagehide'));
    state.currentTime = 30;
    window.dispatchEvent(new Event('pagehide'));
    await flush();
    expect(sent()).toEqual([9, 19, 21, 30]);
    const init = fetchMock.mock.calls.at(-1)![1] as RequestInit;
    expect(init.keepalive).toBe(true);

    state.paused = false;
    state.currentTime = 60;
    video.dispatchEvent(new Event('ended'));
    await flush();
    expect(sent()).toEqual([9, 19, 21, 30, 60]);

    unmount();
    await flush();
    expect(sent()).toEqual([9, 19, 21, 30, 60]);
  });

  it('starts from the saved position, never sends 0 and reports when the player goes away', async () => {
    const { called } = mockApi({ 'POST /api/v2/video/7/record': () => ok([]) });
    const state = { currentTime: 0.4, paused: false };
    const video = fakeVideo(state);
    const { unmount } = renderHook(() => useProgressReporter(video, 7, 40));
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS));
    state.currentTime = 35;
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS));
    expect(called('POST /api/v2/video/7/record')).toHaveLength(0);
    state.currentTime = 44;
    unmount();
    await flush();
    expect(called('POST /api/v2/video/7/record').map((c) => c.body)).toEqual([{ duration: 44 }]);
  });

  it('tries again after a failed save', async () => {
    let down = true;
    const { called } = mockApi({
      'POST /api/v2/video/7/record': () => (down ? new Response('', { status: 500 }) : ok([])),
    });
    const state = { currentTime: 12, paused: false };
    renderHook(() => useProgressReporter(fakeVideo(state), 7, 0));
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS));
    down = false;
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_INTERVAL_MS));
    expect(called('POST /api/v2/video/7/record').map((c) => c.body.duration)).toEqual([12, 12]);
  });
});
