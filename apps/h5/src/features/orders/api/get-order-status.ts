import type { OrderStatusData } from '@kezhan/contract/orders';
import { http } from '@/shared/http/client';

/** `GET /api/v2/order/status?order_id=` — polled by /order/success; `quiet` so polling never toasts. */
export function getOrderStatus(orderId: string, signal?: AbortSignal) {
  return http.get<OrderStatusData>(
    '/api/v2/order/status',
    { order_id: orderId },
    { quiet: true, signal, on404: 'reject' },
  );
}
