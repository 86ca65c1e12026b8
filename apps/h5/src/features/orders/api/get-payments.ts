import type { PaymentMethod, PaymentScene } from '@kezhan/contract/orders';
import { http } from '@/shared/http/client';

/** `GET /api/v2/order/payments?scene=` — the gateways enabled for this browser. */
export function getPayments(scene: PaymentScene, signal?: AbortSignal) {
  return http.get<PaymentMethod[]>('/api/v2/order/payments', { scene }, { quiet: true, signal });
}
