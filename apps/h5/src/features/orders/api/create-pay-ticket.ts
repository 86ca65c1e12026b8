import type { PayTicket, PayTicketBody } from '@kezhan/contract/orders';
import { http } from '@/shared/http/client';

/** `POST /api/v3/order/pay/ticket` — a single-use, 5-minute ticket for the payment redirect. */
export function createPayTicket(body: PayTicketBody) {
  return http.post<PayTicket>('/api/v3/order/pay/ticket', body);
}
