import type { CreateCourseOrderBody, CreatedOrder } from '@kezhan/contract/orders';
import { http } from '@/shared/http/client';

/** `POST /api/v2/order/course` — the server prices the order (promo code included). */
export function createCourseOrder(body: CreateCourseOrderBody) {
  return http.post<CreatedOrder>('/api/v2/order/course', body);
}
