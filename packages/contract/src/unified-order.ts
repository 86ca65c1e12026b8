import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { positiveId } from './orders';
import { optionalText, requiredText } from './validation';

/**
 * `POST /api/v3/order` — one endpoint creates any order (the 2026 MeEdu clients). It runs
 * through the same order service, promo rules and settlement as `POST /api/v2/order/course|role`.
 */
export const UNIFIED_GOODS_TYPES = ['COURSE', 'ROLE'] as const;
export type UnifiedGoodsType = (typeof UNIFIED_GOODS_TYPES)[number];

export const CANNOT_CREATE_ORDER_MESSAGE = '无法创建订单';
export const AGREE_PAID_CONTENT_MESSAGE = '请同意付费内容购买协议';
export const AGREE_VIP_MESSAGE = '请同意会员服务协议';

export const unifiedOrderBody = z.object({
  /** Exact and case-sensitive; missing → 参数错误, anything else → 无法创建订单. */
  goods_type: requiredText('参数错误', 32),
  goods_id: positiveId('参数错误'),
  promo_code: optionalText('参数错误', 64),
  /** Must be 1 (or "1"); checked after the goods are found, with a message per goods type. */
  agree_protocol: z.unknown().optional(),
});
export type UnifiedOrderBody = z.input<typeof unifiedOrderBody>;

export const unifiedOrder = z.strictObject({
  order_no: z.string(),
  /** What is left to pay, in yuan. */
  total: z.number(),
  discount: z.number(),
  is_paid: z.boolean(),
  /** Only when unpaid: the cashier page. It always has a query string; clients append `&s_url=…&f_url=…`. */
  pay_url: z.string().optional(),
  /** Only when unpaid: the cashier session, valid 30 minutes. */
  sign: z.string().optional(),
});
export type UnifiedOrder = z.infer<typeof unifiedOrder>;

/** `sign` of the cashier pages, with the addresses to return to after paying or cancelling. */
export const cashierQuery = z.object({
  sign: optionalText('参数错误', 64),
  s_url: optionalText('参数错误', 1000),
  f_url: optionalText('参数错误', 1000),
});

export const unifiedOrderApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v3/order',
    tag: 'orders',
    summary: 'Create a course or VIP order (2026 MeEdu clients)',
    auth: 'member',
    body: unifiedOrderBody,
    data: unifiedOrder,
    note: 'same order service and settlement as /api/v2/order/course and /role; a paid-in-full order is delivered at once (`is_paid: true`)',
  }),
  cashier: defineEndpoint({
    method: 'GET',
    path: '/payment/index',
    tag: 'payment gateways',
    summary: '收银台: the cashier page of a `POST /api/v3/order` order',
    query: cashierQuery,
    answers: 'text/html',
    note: 'order number, goods, amounts and the payment methods offered to this browser',
  }),
  cashierPay: defineEndpoint({
    method: 'POST',
    path: '/payment/index',
    tag: 'payment gateways',
    summary: '收银台: pay with the chosen method (form field `payment_method`)',
    query: cashierQuery,
    answers: 'redirect',
    note: '303 to the gateway (or the transfer instructions page)',
  }),
  wechatNative: defineEndpoint({
    method: 'GET',
    path: '/payment/wechat/native/:page',
    tag: 'payment gateways',
    summary: '微信扫码支付: the QR code of a WeChat Native payment (computers)',
    params: z.object({ page: z.string() }),
    answers: 'text/html',
    note: 'reloads every 5 s and, once the verified notification has paid the order, returns to the order page',
  }),
  cashierSuccess: defineEndpoint({
    method: 'GET',
    path: '/payment/success',
    tag: 'payment gateways',
    summary: '支付成功 page, then back to `s_url`',
    query: z.object({ s_url: optionalText('参数错误', 1000) }),
    answers: 'text/html',
    note: '支付成功 page that returns to `s_url` (our own sites only)',
  }),
};
