import type { CreateRoleOrderBody, CreatedOrder } from '@kezhan/contract/orders';
import { http } from '@/shared/http/client';

/** `POST /api/v2/order/role` — buying a plan again extends the membership. */
export function createRoleOrder(body: CreateRoleOrderBody) {
  return http.post<CreatedOrder>('/api/v2/order/role', body);
}
