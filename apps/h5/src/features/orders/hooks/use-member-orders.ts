import type { MemberOrder } from '@kezhan/contract/orders';
import { usePagedList } from '@/shared/hooks/use-paged-list';
import { getMemberOrders, ORDERS_PAGE_SIZE } from '../api/get-member-orders';

export type FirstPageStatus = 'loading' | 'error' | 'ready';

const fetchPage = async (page: number, signal?: AbortSignal) =>
  (await getMemberOrders(page, signal)).data.data;
const orderId = (order: MemberOrder) => order.id;

/**
 * The member's orders, page by page (a page shorter than the page size is the last one), under
 * the key a new order invalidates. A page asked for before a refresh never lands in the new list.
 */
export function useMemberOrders() {
  const list = usePagedList(fetchPage, ORDERS_PAGE_SIZE, 'member-orders', { idOf: orderId });
  return {
    orders: list.items,
    status: list.status as FirstPageStatus,
    hasMore: list.hasMore,
    loadMore: list.loadMore,
    retry: list.retry,
    refresh: list.refresh,
  };
}
