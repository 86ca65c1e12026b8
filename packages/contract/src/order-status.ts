/** Order statuses as on the wire (`status`, `status_text`). No zod here: the browser imports it. */
export const ORDER_STATUS = { UNPAID: 1, PAYING: 5, CANCELLED: 7, PAID: 9, REFUNDED: 11 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  1: '未支付',
  5: '支付中',
  7: '已取消',
  9: '已支付',
  11: '已退款',
};

/**
 * Gateways the server can offer (`sign`). `sandbox` exists only outside production; `wechat` is
 * WeChat Native (scan a QR code on a computer), as MeEdu names it.
 */
export const PAYMENT_SIGNS = ['alipay', 'wechat-jsapi', 'wechat_h5', 'wechat', 'handPay', 'sandbox'] as const;
export type PaymentSign = (typeof PAYMENT_SIGNS)[number];

/**
 * `h5` = any mobile browser, `wechat` = inside the WeChat app (UA contains micromessenger),
 * `pc` = a computer's browser (the MeEdu PC clients).
 */
export const PAYMENT_SCENES = ['h5', 'wechat', 'pc'] as const;
export type PaymentScene = (typeof PAYMENT_SCENES)[number];
