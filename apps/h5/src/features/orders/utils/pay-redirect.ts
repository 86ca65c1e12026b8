import type { PaymentScene } from '@kezhan/contract/orders';

export interface PayRedirectInput {
  /** `config.url`: where the API serves the redirect (the page's origin when empty). */
  apiUrl: string;
  /** The h5's own origin, for the return addresses. */
  origin: string;
  orderId: string;
  sign: string;
  scene: PaymentScene;
  ticket: string;
  goodsType: string;
  goodsId: number;
}

/** The order's result page the gateway returns to; it polls the order, never trusting the return. */
export function successPath(orderId: string, goodsType: string, goodsId: number): string {
  const params = new URLSearchParams({ order_id: orderId, goods_type: goodsType, goods_id: String(goodsId) });
  return `/order/success?${params.toString()}`;
}

/**
 * `GET /api/v2/order/pay/redirect` as a browser navigation. Authenticated by the single-use
 * ticket, so the login token never appears in a URL (logs, Referer).
 */
export function payRedirectUrl(input: PayRedirectInput): string {
  const base = (input.apiUrl || input.origin).replace(/\/+$/, '');
  const params = new URLSearchParams({
    order_id: input.orderId,
    payment: input.sign,
    payment_scene: input.scene,
    ticket: input.ticket,
    s_url: input.origin + successPath(input.orderId, input.goodsType, input.goodsId),
    f_url: input.origin,
  });
  return `${base}/api/v2/order/pay/redirect?${params.toString()}`;
}
