import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, MESSAGES } from '../http/client';
import { forgetLastAnswers } from './last-answers';
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

describe('offline: the last answer of a key', () => {
  const networkDown = () => new ApiError('network', MESSAGES.network);
  afterEach(() => {
    forgetLastAnswers();
    localStorage.clear();
  });

  it('a screen opened again while the network is down shows its last answer, not an error', async () => {
    const first = renderHook(() => useApiQuery(['home-blocks'], async () => ['课程推荐']));
    await waitFor(() => expect(first.result.current.data).toEqual(['课程推荐']));
    first.unmount();

    const again = renderHook(() => useApiQuery(['home-blocks'], async () => Promise.reject(networkDown())));
    await waitFor(() => expect(again.result.current.data).toEqual(['课程推荐']));
    expect(again.result.current.error).toBeUndefined();
    expect(again.result.current.loading).toBe(false);
  });

  it('another key is not answered by it: with nothing kept, the network error shows', async () => {
    const first = renderHook(() => useApiQuery(['course', 1], async () => '课程一'));
    await waitFor(() => expect(first.result.current.data).toBe('课程一'));
    first.unmount();

    const other = renderHook(() => useApiQuery(['course', 2], async () => Promise.reject(networkDown())));
    await waitFor(() => expect(other.result.current.error).toBeInstanceOf(ApiError));
    expect(other.result.current.data).toBeUndefined();
  });

  it('an answer of the server (an error code, a 500, a timeout) shows its error, never the kept answer', async () => {
    const first = renderHook(() => useApiQuery(['study', 'study'], async () => '在学列表'));
    await waitFor(() => expect(first.result.current.data).toBe('在学列表'));
    first.unmount();

    for (const refusal of [
      new ApiError('business', '课程不存在', { code: 404 }),
      new ApiError('http', MESSAGES.server, { status: 500 }),
      new ApiError('timeout', MESSAGES.timeout),
    ]) {
      const again = renderHook(() => useApiQuery(['study', 'study'], async () => Promise.reject(refusal)));
      await waitFor(() => expect(again.result.current.error).toBe(refusal));
      expect(again.result.current.data).toBeUndefined();
      again.unmount();
    }
  });

  it('the newest answer is the one kept, including one set locally after a write', async () => {
    let n = 0;
    const first = renderHook(() => useApiQuery(['messages'], async () => `第${++n}次`));
    await waitFor(() => expect(first.result.current.data).toBe('第1次'));
    act(() => invalidate(['messages']));
    await waitFor(() => expect(first.result.current.data).toBe('第2次'));
    act(() => first.result.current.setData('已读'));
    first.unmount();

    const again = renderHook(() => useApiQuery(['messages'], async () => Promise.reject(networkDown())));
    await waitFor(() => expect(again.result.current.data).toBe('已读'));
  });

  it('another member (another token) never sees the answer; logout forgets them all', async () => {
    localStorage.setItem('meedu-h5-token', 'member-a');
    const first = renderHook(() => useApiQuery(['member', 'detail'], async () => '甲的资料'));
    await waitFor(() => expect(first.result.current.data).toBe('甲的资料'));
    first.unmount();

    localStorage.setItem('meedu-h5-token', 'member-b');
    const other = renderHook(() => useApiQuery(['member', 'detail'], async () => Promise.reject(networkDown())));
    await waitFor(() => expect(other.result.current.error).toBeInstanceOf(ApiError));
    expect(other.result.current.data).toBeUndefined();
    other.unmount();

    localStorage.setItem('meedu-h5-token', 'member-a');
    forgetLastAnswers();
    const afterLogout = renderHook(() =>
      useApiQuery(['member', 'detail'], async () => Promise.reject(networkDown())),
    );
    await waitFor(() => expect(afterLogout.result.current.error).toBeInstanceOf(ApiError));
    expect(afterLogout.result.current.data).toBeUndefined();
  });

  it('when the network is back, a refetch replaces the kept answer with the new one', async () => {
    const first = renderHook(() => useApiQuery(['vod', 'list'], async () => '旧列表'));
    await waitFor(() => expect(first.result.current.data).toBe('旧列表'));
    first.unmount();

    let online = false;
    const again = renderHook(() =>
      useApiQuery(['vod', 'list'], async () => (online ? '新列表' : Promise.reject(networkDown()))),
    );
    await waitFor(() => expect(again.result.current.data).toBe('旧列表'));
    online = true;
    act(() => invalidate([]));
    await waitFor(() => expect(again.result.current.data).toBe('新列表'));
  });
});
