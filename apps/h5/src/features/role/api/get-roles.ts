import type { VipRole } from '@kezhan/contract/orders';
import { http, type RequestOptions } from '@/shared/http/client';

/** `GET /api/v2/roles` — the VIP plans on sale, by weight. */
export function getRoles(options?: RequestOptions) {
  return http.get<VipRole[]>('/api/v2/roles', undefined, { quiet: true, ...options });
}
