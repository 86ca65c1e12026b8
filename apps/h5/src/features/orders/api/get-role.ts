import type { VipRole } from '@kezhan/contract/orders';
import { http } from '@/shared/http/client';

/** `GET /api/v2/role/{id}` — one VIP plan (the checkout's goods summary). */
export function getRole(id: number, signal?: AbortSignal) {
  return http.get<VipRole>(`/api/v2/role/${id}`, undefined, { quiet: true, on404: 'reject', signal });
}
