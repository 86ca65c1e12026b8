import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, laravelPage, orEmpty } from './shapes';
import { oneOf, optionalText, requiredText } from './validation';

import { ORDER_STATUS, PAYMENT_SCENES, PAYMENT_SIGNS } from './order-status';

/** Orders, VIP plans, promo codes and payment. Statuses and gateways: order-status.ts. */
export * from './order-status';

const MAX_ID = 2_147_483_647;

/** A positive integer id sent as a JSON number or as digits. */
export const positiveId = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value),
    z.number({ error: message }).int(message).min(1, message).max(MAX_ID, message),
  );

const optionalPositiveInt = (fallback: number, max: number) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return fallback;
      if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
      return value;
    },
    z.number({ error: '参数错误' }).int('参数错误').min(1, '参数错误').max(max, '参数错误'),
  );

// ---------------------------------------------------------------------------------------------
// Requests

/** `GET /api/v2/order/payments?scene=` */
export const paymentsQuery = z.object({ scene: oneOf(PAYMENT_SCENES, '参数错误') });

/** `POST /api/v2/order/course` — an unknown or unusable `promo_code` is silently ignored. */
export const createCourseOrderBody = z.object({
  course_id: positiveId('错误'),
  promo_code: optionalText('参数错误', 64),
});
export type CreateCourseOrderBody = z.input<typeof createCourseOrderBody>;

/** `POST /api/v2/order/role` */
export const createRoleOrderBody = z.object({
  role_id: positiveId('错误'),
  promo_code: optionalText('参数错误', 64),
});
export type CreateRoleOrderBody = z.input<typeof createRoleOrderBody>;

const orderNumber = requiredText('参数错误', 32);

/** `POST /api/v3/order/pay/ticket` — step 1 of a browser payment (see `payRedirectQuery`). */
export const payTicketBody = z.object({ order_id: orderNumber });
export type PayTicketBody = z.input<typeof payTicketBody>;

/**
 * `GET /api/v2/order/pay/redirect` — a browser navigation. Authenticated by the single-use
 * `ticket` from `POST /api/v3/order/pay/ticket` (never by the login token in the URL).
 * `s_url` is where the gateway returns after paying (the h5 `/order/success`), `f_url` on failure.
 */
export const payRedirectQuery = z.object({
  order_id: orderNumber,
  payment: requiredText('参数错误', 32),
  payment_scene: oneOf(PAYMENT_SCENES, '参数错误'),
  ticket: optionalText('参数错误', 128),
  s_url: optionalText('参数错误', 1000),
  redirect: optionalText('参数错误', 1000),
  f_url: optionalText('参数错误', 1000),
});
export type PayRedirectQuery = z.input<typeof payRedirectQuery>;

/** `POST /api/v3/order/pay/handPay` */
export const handPayBody = z.object({ order_id: orderNumber });
export type HandPayBody = z.input<typeof handPayBody>;

/** `GET /api/v2/order/status?order_id=` */
export const orderStatusQuery = z.object({ order_id: orderNumber });

/** `GET /api/v2/member/orders?page=&page_size=` */
export const memberOrdersQuery = z.object({
  page: optionalPositiveInt(1, 100_000),
  page_size: optionalPositiveInt(10, 100),
});
export type MemberOrdersQuery = z.input<typeof memberOrdersQuery>;

// ---------------------------------------------------------------------------------------------
// Responses (types are exact: the h5 compares with ===)

const orderStatus = z.union([
  z.literal(ORDER_STATUS.UNPAID),
  z.literal(ORDER_STATUS.PAYING),
  z.literal(ORDER_STATUS.CANCELLED),
  z.literal(ORDER_STATUS.PAID),
  z.literal(ORDER_STATUS.REFUNDED),
]);

/** `GET /api/v2/roles` item, ordered by weight. */
export const vipRole = z.strictObject({
  id: z.number(),
  name: z.string(),
  charge: z.number(),
  expire_days: z.number(),
  desc_rows: z.array(z.string()),
});
export type VipRole = z.infer<typeof vipRole>;

/** `GET /api/v2/order/payments` item; icon is an absolute URL. */
export const paymentMethod = z.strictObject({
  sign: z.enum(PAYMENT_SIGNS),
  name: z.string(),
  icon: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const promoCode = z.strictObject({
  id: z.number(),
  code: z.string(),
  /** raw-dt `YYYY-MM-DD HH:mm:ss` (UTC+8) or null = never expires */
  expired_at: z.string().nullable(),
  /** The buyer's discount in yuan. */
  invited_user_reward: z.number(),
  /** The code owner's reward in yuan per paid order. */
  invite_user_reward: z.number(),
  /**
   * Kezhan: present only on percentage codes (`invited_user_reward` is then 0). The discount is
   * `floor(price × percent_off / 100)` (in fen, then sent as yuan), never more than the price.
   */
  discount_type: z.literal('percent').optional(),
  percent_off: z.number().optional(),
});
export type PromoCode = z.infer<typeof promoCode>;

/** `GET /api/v2/promoCode/{code}/check`; an unknown code is `{can_use: 0, promo_code: []}`. */
export const promoCodeCheck = z.strictObject({
  can_use: z.union([z.literal(0), z.literal(1)]),
  promo_code: orEmpty(promoCode),
  /** Kezhan: why a known code cannot be used (已过期, 尚未生效, 已被用完…); absent otherwise. */
  message: z.string().optional(),
});
export type PromoCodeCheck = z.infer<typeof promoCodeCheck>;

const createdOrderFields = {
  id: z.number(),
  user_id: z.number(),
  /** Goods price before the discount (yuan). */
  charge: z.number(),
  order_id: z.string(),
  status: orderStatus,
  status_text: z.string(),
  payment_text: z.string(),
  continue_pay: z.boolean(),
  /** ISO `…T…000000Z` */
  created_at: z.string(),
  /** Promo discount applied (yuan). */
  discount: z.number(),
  /** What the member pays: charge − discount, never below 0 (yuan). */
  amount: z.number(),
};

/** `POST /api/v2/order/course|role`; `status_text === '已支付'` means fully paid by the promo code. */
export const createdOrder = z.strictObject(createdOrderFields);
export type CreatedOrder = z.infer<typeof createdOrder>;

export const orderGoods = z.strictObject({
  num: z.number(),
  goods_text: z.string(),
  charge: z.number(),
  // VIDEO: a single lesson, on orders a school brought from MeEdu (sold until MeEdu v4.7).
  goods_type: z.enum(['COURSE', 'ROLE', 'VIDEO']),
  goods_name: z.string(),
  goods_thumb: z.string(),
  goods_id: z.number(),
  goods_charge: z.number(),
  goods_ori_charge: z.number(),
});
export type OrderGoods = z.infer<typeof orderGoods>;

/** `GET /api/v2/member/orders` item, newest first. */
export const memberOrder = z.strictObject({
  ...createdOrderFields,
  /** `wap` (Alipay), `mp` (WeChat JSAPI), `h5` (WeChat H5), `hand`, `sandbox` or `''` */
  payment_method: z.string(),
  /** 1 when part or all of the order was refunded. */
  is_refund: z.union([z.literal(0), z.literal(1)]),
  refunded_charge: z.number(),
  /** The same refunded yuan under the 2026 clients' name (always sent by this server). */
  refund_amount: z.number().optional(),
  goods: z.array(orderGoods),
});
export type MemberOrder = z.infer<typeof memberOrder>;
export const memberOrdersPage = laravelPage(memberOrder);
export type MemberOrdersPage = z.infer<typeof memberOrdersPage>;

/** `GET /api/v2/order/status?order_id=` — what `/order/success` polls until `status === 9`. */
export const orderStatusData = z.strictObject({ status: orderStatus, status_text: z.string() });
export type OrderStatusData = z.infer<typeof orderStatusData>;

/** `POST /api/v3/order/pay/ticket` — use within `expires_in` seconds, once. */
export const payTicket = z.strictObject({ ticket: z.string(), expires_in: z.number() });
export type PayTicket = z.infer<typeof payTicket>;

/** `POST /api/v3/order/pay/handPay` — transfer instructions (HTML from the site settings). */
export const handPayText = z.strictObject({ text: z.string() });
export type HandPayText = z.infer<typeof handPayText>;

/** `{code}` path parameter of the promo-code routes. */
export const promoCodeParams = z.object({ code: z.string() });

/** `:session` of the sandbox cashier. */
export const sandboxSessionParams = z.object({ session: z.string() });

export const ordersApi = {
  roles: defineEndpoint({
    method: 'GET',
    path: '/api/v2/roles',
    tag: 'orders',
    summary: 'VIP plans on sale, by weight',
    data: z.array(vipRole),
  }),
  role: defineEndpoint({
    method: 'GET',
    path: '/api/v2/role/:id',
    tag: 'orders',
    summary: 'One VIP plan',
    params: idParams,
    data: vipRole,
  }),
  checkPromoCode: defineEndpoint({
    method: 'GET',
    path: '/api/v2/promoCode/:code/check',
    tag: 'orders',
    auth: 'member',
    summary: 'Whether the member may use a promo code',
    params: promoCodeParams,
    data: promoCodeCheck,
    note: 'an unknown code is `{can_use: 0, promo_code: []}`',
  }),
  promoCode: defineEndpoint({
    method: 'GET',
    path: '/api/v2/promoCode/:code',
    tag: 'orders',
    summary: 'A promo code by its code',
    params: promoCodeParams,
    data: promoCode,
  }),
  createCourseOrder: defineEndpoint({
    method: 'POST',
    path: '/api/v2/order/course',
    tag: 'orders',
    auth: 'member',
    summary: 'Create an order for a course',
    body: createCourseOrderBody,
    data: createdOrder,
    note: '`status_text` 已支付 when a promo code paid it all. Unpaid orders are cancelled after 60 minutes.',
  }),
  createRoleOrder: defineEndpoint({
    method: 'POST',
    path: '/api/v2/order/role',
    tag: 'orders',
    auth: 'member',
    summary: 'Create an order for a VIP plan',
    body: createRoleOrderBody,
    data: createdOrder,
  }),
  memberOrders: defineEndpoint({
    method: 'GET',
    path: '/api/v2/member/orders',
    tag: 'orders',
    auth: 'member',
    summary: "The member's orders, newest first",
    query: memberOrdersQuery,
    data: memberOrdersPage,
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/v2/order/status',
    tag: 'orders',
    auth: 'member',
    summary: "Status of one of the member's orders (what the payment result page polls)",
    query: orderStatusQuery,
    data: orderStatusData,
    note: '`status` 9 is paid',
  }),
};

export const paymentsApi = {
  methods: defineEndpoint({
    method: 'GET',
    path: '/api/v2/order/payments',
    tag: 'payments',
    auth: 'member',
    summary: 'Payment methods offered in a scene',
    query: paymentsQuery,
    data: z.array(paymentMethod),
  }),
  ticket: defineEndpoint({
    method: 'POST',
    path: '/api/v3/order/pay/ticket',
    tag: 'payments',
    auth: 'member',
    summary: 'Step 1 of a browser payment: a single-use ticket for /api/v2/order/pay/redirect',
    body: payTicketBody,
    data: payTicket,
  }),
  redirect: defineEndpoint({
    method: 'GET',
    path: '/api/v2/order/pay/redirect',
    tag: 'payments',
    summary: "Step 2 of a browser payment: go to the gateway's cashier",
    description: 'Authenticated by the `ticket` of step 1, never by a login token in the URL.',
    query: payRedirectQuery,
    answers: 'redirect',
    note: "Redirect to the gateway's cashier page; the usual envelope when the order cannot be paid",
  }),
  handPay: defineEndpoint({
    method: 'POST',
    path: '/api/v3/order/pay/handPay',
    tag: 'payments',
    auth: 'member',
    summary: 'Pay by manual transfer',
    body: handPayBody,
    data: handPayText,
    note: '`text`: the transfer instructions (HTML from the site settings)',
  }),
  handPayText: defineEndpoint({
    method: 'GET',
    path: '/api/v2/order/pay/handPay',
    tag: 'payments',
    auth: 'member',
    summary: 'Manual transfer instructions',
    data: handPayText,
  }),
};

/** Server-to-server notifications and the pages of our own payment steps. */
export const paymentGatewayApi = {
  alipayNotify: defineEndpoint({
    method: 'POST',
    path: '/payment/callback/alipay',
    tag: 'payment gateways',
    summary: 'Alipay asynchronous notification (server to server, signature checked)',
    answers: 'text/plain',
    note: '`success` once the notification is verified and applied; 404 when Alipay is not configured',
  }),
  wechatNotify: defineEndpoint({
    method: 'POST',
    path: '/payment/callback/wechat',
    tag: 'payment gateways',
    summary: 'WeChat Pay v3 notification (server to server, signature checked, resource decrypted)',
    answers: 'application/json',
    note: "WeChat's `{code, message}` acknowledgement; 404 when WeChat Pay is not configured",
  }),
  wechatRefundNotify: defineEndpoint({
    method: 'POST',
    path: '/payment/callback/wechat/refund',
    tag: 'payment gateways',
    summary: 'WeChat Pay v3 refund notification (signature checked, resource decrypted, applied once)',
    answers: 'application/json',
    note: "WeChat's acknowledgement (200 without body once applied); 404 when WeChat Pay is not configured",
  }),
  wechatJsapi: defineEndpoint({
    method: 'GET',
    path: '/payment/wechat/jsapi',
    tag: 'payment gateways',
    summary: 'WeChat JSAPI payment page, reached back from the silent OAuth step',
    answers: 'text/html',
    note: 'Page that opens the WeChat Pay sheet, then returns to the order page',
  }),
  sandboxPage: defineEndpoint({
    method: 'GET',
    path: '/payment/sandbox/:session',
    tag: 'payment gateways',
    summary: '模拟支付: the sandbox cashier page (never in production)',
    params: sandboxSessionParams,
    answers: 'text/html',
    note: 'Page with 支付成功 / 取消 buttons; 404 when the sandbox gateway is off',
  }),
  sandboxFinish: defineEndpoint({
    method: 'POST',
    path: '/payment/sandbox/:session',
    tag: 'payment gateways',
    summary: '模拟支付: pay or cancel the sandbox session (form field `action`)',
    params: sandboxSessionParams,
    answers: 'redirect',
    note: 'Redirect (303) to the return or quit URL of the order',
  }),
};
