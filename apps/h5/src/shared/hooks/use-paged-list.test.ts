import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePagedList } from './use-paged-list';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('usePagedList', () => {
  it('pages until a short page, refreshes in place and restarts when the key changes', async () => {
    const served: number[] = [];
    let version = 'a';
    const fetchPage = async (page: number) => {
      served.push(page);
      return page === 1 ? [`${version}1`, `${version}2`] : [`${version}3`];
    };
    const { result, rerender } = renderHook(({ key }) => usePagedList(fetchPage, 2, key), {
      initialProps: { key: 'x' },
    });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.items).toEqual(['a1', 'a2']));
    expect(result.current.hasMore).toBe(true);
    await act(() => result.current.loadMore());
    expect(result.current.items).toEqual(['a1', 'a2', 'a3']);
    expect(result.current.hasMore).toBe(false);
    await act(() => result.current.loadMore());
    expect(served).toEqual([1, 2]);

    version = 'b';
    let refreshing!: Promise<void>;
    act(() => {
      refreshing = result.current.refresh();
    });
    expect(result.current.items).toEqual(['a1', 'a2', 'a3']);
    await act(() => refreshing);
    expect(result.current.items).toEqual(['b1', 'b2']);

    rerender({ key: 'y' });
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
  });

  it('asks for the page after the one just appended, even before the screen shows it', async () => {
    const served: number[] = [];
    const fetchPage = async (page: number) => {
      served.push(page);
      return page < 3 ? [page * 2 - 1, page * 2] : [5];
    };
    const { result } = renderHook(() => usePagedList(fetchPage, 2, 'rows'));
    await waitFor(() => expect(result.current.items).toEqual([1, 2]));
    const { loadMore } = result.current;
    // The infinite scroll asks again as soon as a page is in; the screen shows it a render later.
    await loadMore();
    await loadMore();
    await waitFor(() => expect(result.current.items).toEqual([1, 2, 3, 4, 5]));
    expect(served).toEqual([1, 2, 3]);
    expect(result.current.hasMore).toBe(false);
  });

  it('drops an answer that arrives after the filters changed', async () => {
    const slow = deferred<string[]>();
    const fetchFor = (key: string) => (key === 'old' ? () => slow.promise : async () => ['new']);
    const { result, rerender } = renderHook(({ key }) => usePagedList(fetchFor(key), 10, key), {
      initialProps: { key: 'old' },
    });
    rerender({ key: 'new' });
    await waitFor(() => expect(result.current.items).toEqual(['new']));
    await act(async () => slow.resolve(['old']));
    expect(result.current.items).toEqual(['new']);
  });

  it('a failed first page is an error with retry; a failed next page rejects for the footer', async () => {
    let fail = true;
    const fetchPage = async (page: number) => {
      if (fail) throw new Error('down');
      return page === 1 ? ['1', '2'] : ['3', '4'];
    };
    const { result } = renderHook(() => usePagedList(fetchPage, 2, 'k'));
    await waitFor(() => expect(result.current.status).toBe('error'));
    fail = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.items).toEqual(['1', '2']));
    fail = true;
    await expect(result.current.loadMore()).rejects.toThrow('down');
    fail = false;
    await act(() => result.current.loadMore());
    expect(result.current.items).toEqual(['1', '2', '3', '4']);
  });
});
