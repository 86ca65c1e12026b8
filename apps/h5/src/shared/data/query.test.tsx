import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidate, useApiMutation, useApiQuery, type QueryKey } from './query';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A fake endpoint: each call waits for the test to answer it; signals are kept. */
function endpoint<T>() {
  const calls: { key: string; signal: AbortSignal; answer: Deferred<T> }[] = [];
  const fetcher = (key: string) => (signal: AbortSignal) => {
    const answer = deferred<T>();
    calls.push({ key, signal, answer });
    return answer.promise;
  };
  return { calls, fetcher };
}

afterEach(() => vi.useRealTimers());

describe('useApiQuery', () => {
  it('shows an answer only for the key it was fetched for, and aborts the request a key change leaves behind', async () => {
    const api = endpoint<string>();
    const { result, rerender } = renderHook(({ id }) => useApiQuery(['video', id], api.fetcher(`v${id}`)), {
      initialProps: { id: 1 },
    });
    expect(result.current.loading).toBe(true);
    rerender({ id: 2 });
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[0].signal.aborted).toBe(true);
    await act(async () => api.calls[0].answer.resolve('first'));
    expect(result.current.data).toBeUndefined();
    expect(result.current.loading).toBe(true);
    await act(async () => api.calls[1].answer.resolve('second'));
    expect(result.current.data).toBe('second');
    expect(result.current.loading).toBe(false);
  });

  it('a failure shows the error; refetch (重试) goes back to loading and can succeed', async () => {
    const api = endpoint<string>();
    const { result } = renderHook(() => useApiQuery(['course', 5], api.fetcher('c')));
    await act(async () => api.calls[0].answer.reject(new Error('network')));
    expect(result.current.error).toBeInstanceOf(Error);
    expect(result.current.loading).toBe(false);
    act(() => result.current.refetch());
    expect(result.current.error).toBeUndefined();
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(api.calls).toHaveLength(2));
    await act(async () => api.calls[1].answer.resolve('ok'));
    expect(result.current.data).toBe('ok');
  });

  it('unmounting aborts the request and never sets state afterwards', async () => {
    const api = endpoint<string>();
    const errors = vi.spyOn(console, 'error');
    const { unmount } = renderHook(() => useApiQuery(['home'], api.fetcher('h')));
    unmount();
    expect(api.calls[0].signal.aborted).toBe(true);
    await act(async () => api.calls[0].answer.resolve('late'));
    expect(errors).not.toHaveBeenCalled();
  });

  it('StrictMode: the double mount costs one aborted request, and the answer shown is the live one', async () => {
    const api = endpoint<string>();
    function Probe() {
      const query = useApiQuery(['strict'], api.fetcher('s'));
      return <p>{query.loading ? '加载中' : query.data}</p>;
    }
    const wrapper = ({ children }: { children: ReactNode }) => <StrictMode>{children}</StrictMode>;
    render(<Probe />, { wrapper });
    await waitFor(() => expect(api.calls.length).toBeGreaterThanOrEqual(1));
    const live = api.calls[api.calls.length - 1];
    expect(api.calls.slice(0, -1).every((c) => c.signal.aborted)).toBe(true);
    await act(async () => api.calls.forEach((c) => c.answer.resolve(c === live ? 'live' : 'stale')));
    expect(await screen.findByText('live')).toBeInTheDocument();
  });

  it('disabled queries fetch nothing and are not loading', () => {
    const api = endpoint<string>();
    const { result } = renderHook(() => useApiQuery(['x'], api.fetcher('x'), { enabled: false }));
    expect(api.calls).toHaveLength(0);
    expect(result.current.loading).toBe(false);
  });

  it('polls after each answer until the interval is set to 0', async () => {
    vi.useFakeTimers();
    let n = 0;
    const fetcher = vi.fn(async () => ++n);
    const { result, rerender } = renderHook(
      ({ every }) => useApiQuery(['order', 'A1'], fetcher, { pollingInterval: every }),
      {
        initialProps: { every: 2000 },
      },
    );
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(result.current.data).toBe(1);
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(result.current.data).toBe(2);
    rerender({ every: 0 });
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});

describe('useApiMutation', () => {
  it('refetches the queries whose keys start with what it invalidates, and only those', async () => {
    const comments = vi.fn(async () => 'comments');
    const video = vi.fn(async () => 'video');
    const post = vi.fn(async (text: string) => text.length);
    const keys: QueryKey[] = [['video-comments', 7]];
    const { result } = renderHook(() => ({
      comments: useApiQuery(['video-comments', 7], comments),
      video: useApiQuery(['video', 7], video),
      post: useApiMutation(post, keys),
    }));
    await waitFor(() => expect(result.current.comments.data).toBe('comments'));
    await act(async () => {
      expect(await result.current.post.run('很好的课程')).toBe(5);
    });
    await waitFor(() => expect(comments).toHaveBeenCalledTimes(2));
    expect(video).toHaveBeenCalledTimes(1);
  });

  it('a failed write invalidates nothing and rejects for the caller', async () => {
    const list = vi.fn(async () => 'list');
    const { result } = renderHook(() => ({
      list: useApiQuery(['messages'], list),
      read: useApiMutation(async () => Promise.reject(new Error('refused')), [['messages']]),
    }));
    await waitFor(() => expect(result.current.list.data).toBe('list'));
    await act(async () => {
      await expect(result.current.read.run()).rejects.toThrow('refused');
    });
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('invalidate with a prefix reaches every key below it', async () => {
    const a = vi.fn(async () => 1);
    const b = vi.fn(async () => 2);
    renderHook(() => [useApiQuery(['study', 'course'], a), useApiQuery(['study', 'collect'], b)]);
    await waitFor(() => expect(b).toHaveBeenCalledTimes(1));
    act(() => invalidate(['study']));
    await waitFor(() => expect(a).toHaveBeenCalledTimes(2));
    expect(b).toHaveBeenCalledTimes(2);
  });
});

describe('invalidate([])', () => {
  it('refetches every mounted query, keeping what is shown meanwhile (login or logout)', async () => {
    let n = 0;
    const course = vi.fn(async () => ++n);
    const { result } = renderHook(() => useApiQuery(['course', 1], course));
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => invalidate([]));
    expect(result.current.data).toBe(1);
    await waitFor(() => expect(result.current.data).toBe(2));
  });
});
