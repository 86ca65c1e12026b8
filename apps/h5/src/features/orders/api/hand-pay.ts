import type { HandPayBody, HandPayText } from '@kezhan/contract/orders';
import { http, type RequestOptions } from '@/shared/http/client';

/** `POST /api/v3/order/pay/handPay` — chooses manual transfer; answers the payee instructions (HTML). */
export function handPay(body: HandPayBody, options?: RequestOptions) {
  return http.post<HandPayText>('/api/v3/order/pay/handPay', body, { on404: 'reject', ...options });
}
