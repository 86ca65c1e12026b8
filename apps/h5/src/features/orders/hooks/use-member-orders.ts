import type { MemberOrder } from '@kezhan/contract/orders';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getMemberOrders, ORDERS_PAGE_SIZE } from '../api/get-member-orders';

export type FirstPageStatus = 'loading' | 'error' | 'ready';

/**
 * The member's orders, page by page. A page shorter than the page size is the last one. Every
 * reload starts a new generation so an older request can never write into a newer list.
 */
export function useMemberOrders() {
  const [orders, setOrders] = useState<MemberOrder[]>([]);
  const [status, setStatus] = useState<FirstPageStatus>('loading');
  const [hasMore, setHasMore] = useState(false);
  const nextPage = useRef(1);
  const generation = useRef(0);

  const loadFirst = useCallback(async (showLoading: boolean) => {
    const mine = ++generation.current;
    if (showLoading) setStatus('loading');
    try {
      const { data } = await getMemberOrders(1);
      if (mine !== generation.current) return;
      setOrders(data.data);
      setHasMore(data.data.length >= ORDERS_PAGE_SIZE);
      nextPage.current = 2;
      setStatus('ready');
    } catch {
      if (mine !== generation.current) return;
      if (showLoading) setStatus('error');
    }
  }, []);

  const loadMore = useCallback(async () => {
    const mine = generation.current;
    const { data } = await getMemberOrders(nextPage.current);
    if (mine !== generation.current) return;
    nextPage.current += 1;
    setOrders((list) => {
      const seen = new Set(list.map((o) => o.id));
      return [...list, ...data.data.filter((o) => !seen.has(o.id))];
    });
    setHasMore(data.data.length >= ORDERS_PAGE_SIZE);
  }, []);

  useEffect(() => {
    void loadFirst(true);
    return () => {
      generation.current += 1;
    };
  }, [loadFirst]);

  return {
    orders,
    status,
    hasMore,
    loadMore,
    retry: () => loadFirst(true),
    refresh: () => loadFirst(false),
  };
}
