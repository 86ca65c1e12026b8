import { useCallback, useEffect, useRef, useState } from 'react';

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
}

interface State<T> {
  items: T[];
  status: PagedStatus;
  page: number;
  hasMore: boolean;
}

/**
 * A paged list that restarts whenever `key` (the filters) changes. A page with fewer rows
 * than `pageSize` ends the list. Answers of a previous key, or of a page requested before a
 * refresh, are dropped, so a slow request can never write one tab's rows into another.
 */
export function usePagedList<T>(
  fetchPage: (page: number) => Promise<T[]>,
  pageSize: number,
  key: string,
): PagedList<T> {
  const [state, setState] = useState<State<T>>({ items: [], status: 'loading', page: 0, hasMore: false });
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const stateRef = useRef(state);
  stateRef.current = state;
  const generation = useRef(0);
  const busy = useRef(false);

  const loadFirst = useCallback(
    async (keepRows: boolean) => {
      const gen = ++generation.current;
      busy.current = false;
      if (!keepRows) setState({ items: [], status: 'loading', page: 0, hasMore: false });
      try {
        const rows = await fetchRef.current(1);
        if (gen !== generation.current) return;
        setState({ items: rows, status: 'ready', page: 1, hasMore: rows.length >= pageSize });
      } catch {
        if (gen !== generation.current) return;
        if (!keepRows || stateRef.current.status !== 'ready') {
          setState({ items: [], status: 'error', page: 0, hasMore: false });
        }
      }
    },
    [pageSize],
  );

  useEffect(() => {
    void loadFirst(false);
  }, [key, loadFirst]);

  const loadMore = useCallback(async () => {
    const { page, hasMore, status } = stateRef.current;
    if (!hasMore || status !== 'ready' || busy.current) return;
    busy.current = true;
    const gen = generation.current;
    try {
      const rows = await fetchRef.current(page + 1);
      if (gen !== generation.current) return;
      const next = {
        ...stateRef.current,
        items: [...stateRef.current.items, ...rows],
        page: page + 1,
        hasMore: rows.length >= pageSize,
      };
      stateRef.current = next;
      setState(next);
    } finally {
      if (gen === generation.current) busy.current = false;
    }
  }, [pageSize]);

  const refresh = useCallback(() => loadFirst(true), [loadFirst]);
  const retry = useCallback(() => void loadFirst(false), [loadFirst]);

  return { items: state.items, status: state.status, hasMore: state.hasMore, loadMore, refresh, retry };
}
