import { z } from 'zod';
import type { LaravelPage } from './envelope';
import { oneOf, optionalText, requiredText } from './validation';

/**
 * Orders, VIP plans, promo codes and payment — api-contract §9.
 * Order statuses as on the wire (`status`, `status_text`).
 */
export const ORDER_STATUS = { UNPAID: 1, PAYING: 5, CANCELLED: 7, PAID: 9, REFUNDED: 11 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  1: '未支付',
  5: '支付中',
  7: '已取消',
  9: '已支付',
  11: '已退款',
};

/** Gateways the server can offer (`sign`). `sandbox` exists only outside production. */
export const PAYMENT_SIGNS = ['alipay', 'wechat-jsapi', 'wechat_h5', 'handPay', 'sandbox'] as const;
export type PaymentSign = (typeof PAYMENT_SIGNS)[number];

/** `h5` = any mobile browser, `wechat` = inside the WeChat app (UA contains micromessenger). */
export const PAYMENT_SCENES = ['h5', 'wechat'] as const;
export type PaymentScene = (typeof PAYMENT_SCENES)[number];

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

/** `GET /api/v2/roles` item, ordered by weight. */
export interface VipRole {
  id: number;
  name: string;
  charge: number;
  expire_days: number;
  desc_rows: string[];
}

/** `GET /api/v2/order/payments` item; icon is an absolute URL. */
export interface PaymentMethod {
  sign: PaymentSign;
  name: string;
  icon: string;
}

export interface PromoCode {
  id: number;
  code: string;
  /** raw-dt `YYYY-MM-DD HH:mm:ss` (UTC+8) or null = never expires */
  expired_at: string | null;
  /** The buyer's discount in yuan. */
  invited_user_reward: number;
  /** The code owner's reward in yuan per paid order. */
  invite_user_reward: number;
}

/** `GET /api/v2/promoCode/{code}/check`; an unknown code is `{can_use: 0, promo_code: []}`. */
export interface PromoCodeCheck {
  can_use: 0 | 1;
  promo_code: PromoCode | [];
}

/** `POST /api/v2/order/course|role`; `status_text === '已支付'` means fully paid by the promo code. */
export interface CreatedOrder {
  id: number;
  user_id: number;
  /** Goods price before the discount (yuan). */
  charge: number;
  order_id: string;
  status: OrderStatus;
  status_text: string;
  payment_text: string;
  continue_pay: boolean;
  /** ISO `…T…000000Z` */
  created_at: string;
  /** Promo discount applied (yuan). */
  discount: number;
  /** What the member pays: charge − discount, never below 0 (yuan). */
  amount: number;
}

export interface OrderGoods {
  num: number;
  goods_text: string;
  charge: number;
  goods_type: 'COURSE' | 'ROLE';
  goods_name: string;
  goods_thumb: string;
  goods_id: number;
  goods_charge: number;
  goods_ori_charge: number;
}

/** `GET /api/v2/member/orders` item, newest first. */
export interface MemberOrder extends CreatedOrder {
  /** `wap` (Alipay), `mp` (WeChat JSAPI), `h5` (WeChat H5), `hand`, `sandbox` or `''` */
  payment_method: string;
  /** 1 when part or all of the order was refunded. */
  is_refund: 0 | 1;
  refunded_charge: number;
  goods: OrderGoods[];
}
export type MemberOrdersPage = LaravelPage<MemberOrder>;

/** `GET /api/v2/order/status?order_id=` — what `/order/success` polls until `status === 9`. */
export interface OrderStatusData {
  status: OrderStatus;
  status_text: string;
}

/** `POST /api/v3/order/pay/ticket` — use within `expires_in` seconds, once. */
export interface PayTicket {
  ticket: string;
  expires_in: number;
}

/** `POST /api/v3/order/pay/handPay` — transfer instructions (HTML from the site settings). */
export interface HandPayText {
  text: string;
}
