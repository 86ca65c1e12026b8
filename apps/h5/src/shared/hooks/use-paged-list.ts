import { useLatest } from 'ahooks';
import { useCallback, useRef } from 'react';
import { useApiQuery } from '../data/query';

export type PagedStatus = 'loading' | 'ready' | 'error';

export interface PagedList<T> {
  items: T[];
  /** State of the first page: `loading` shows a skeleton, `error` a retry. */
  status: PagedStatus;
  hasMore: boolean;
  /** Next page; rejects on failure so the infinite-scroll footer can offer a retry. */
  loadMore: () => Promise<void>;
  /** Pull-to-refresh: page 1 again, the current rows stay until it answers. */
  refresh: () => Promise<void>;
  /** Loads page 1 from scratch (after a failed first page). */
  retry: () => void;
  /** Changes rows in place after a write whose result is known (e.g. a message read). */
  updateItems: (change: (items: T[]) => T[]) => void;
}

export interface PagedListOptions<T> {
  /** Rows already listed (moved down by a new row on page 1) are not appended twice. */
  idOf?: (item: T) => string | number;
}

interface Pages<T> {
  items: T[];
  page: number;
  hasMore: boolean;
}

/**
 * A paged list on the data layer: page 1 is a query under `['paged', key]`, so a new `key` (the
 * filters) restarts it and an answer for an older key is never shown. A page with fewer rows than
 * `pageSize` ends the list. A next page is appended only to the list it was asked for: a refresh or
 * a new key in the meantime drops it.
 */
export function usePagedList<T>(
  fetchPage: (page: number, signal?: AbortSignal) => Promise<T[]>,
  pageSize: number,
  key: string,
  options: PagedListOptions<T> = {},
): PagedList<T> {
  const first = useApiQuery(['paged', key], async (signal): Promise<Pages<T>> => {
    const rows = await fetchPage(1, signal);
    return { items: rows, page: 1, hasMore: rows.length >= pageSize };
  });
  const { setData, current: newestList } = first;
  const fetchLatest = useLatest(fetchPage);
  const loadingMore = useRef(false);
  const idOf = useLatest(options.idOf);

  const loadMore = useCallback(async () => {
    const list = newestList();
    if (!list || !list.hasMore || loadingMore.current) return;
    loadingMore.current = true;
    try {
      const rows = await fetchLatest.current(list.page + 1);
      if (newestList() !== list) return;
      const identify = idOf.current;
      const listed = identify ? new Set(list.items.map(identify)) : null;
      const added = listed && identify ? rows.filter((row) => !listed.has(identify(row))) : rows;
      setData({ items: [...list.items, ...added], page: list.page + 1, hasMore: rows.length >= pageSize });
    } finally {
      loadingMore.current = false;
    }
  }, [newestList, fetchLatest, idOf, setData, pageSize]);

  const updateItems = useCallback(
    (change: (items: T[]) => T[]) => {
      const list = newestList();
      if (list) setData({ ...list, items: change(list.items) });
    },
    [newestList, setData],
  );

  let status: PagedStatus = 'loading';
  if (first.data) status = 'ready';
  else if (first.error !== undefined) status = 'error';
  return {
    items: first.data?.items ?? [],
    status,
    hasMore: first.data?.hasMore ?? false,
    loadMore,
    refresh: first.reload,
    retry: first.refetch,
    updateItems,
  };
}
