import type { PromoCodeCheck } from '@kezhan/contract/orders';
import { http } from '@/shared/http/client';

/** `GET /api/v2/promoCode/{code}/check` — whether the member may use the code, and its discount. */
export function checkPromoCode(code: string) {
  return http.get<PromoCodeCheck>(`/api/v2/promoCode/${encodeURIComponent(code)}/check`, undefined, {
    on404: 'reject',
  });
}
