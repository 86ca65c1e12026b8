import type { MemberOrdersPage } from '@kezhan/contract/orders';
import { http } from '@/shared/http/client';

export const ORDERS_PAGE_SIZE = 10;

/** `GET /api/v2/member/orders` — the member's orders, newest first (Laravel paginator). */
export function getMemberOrders(page: number, signal?: AbortSignal) {
  return http.get<MemberOrdersPage>(
    '/api/v2/member/orders',
    { page, page_size: ORDERS_PAGE_SIZE },
    { quiet: true, signal },
  );
}
