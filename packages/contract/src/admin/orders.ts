import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { PAYMENT_SIGNS } from '../order-status';
import { emptyData, listWithTotal } from '../shapes';
import { oneOf, optionalText, requiredText, yuanAsFen } from '../validation';
import { pageQuery } from './paging';

/** Orders and refunds in the console. Money is yuan on the wire (19.9), integer fen in the database. */

export const blankAsUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A China date (`YYYY-MM-DD`) of a console filter; blank is no filter. */
export const optionalDate = (message: string) =>
  z.preprocess(
    blankAsUndefined,
    z
      .string({ error: message })
      .regex(DATE, message)
      .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00+08:00`)), message)
      .optional(),
  );

const orderFilterFields = {
  /** An order number (exact or its beginning) or a member's mobile. */
  keyword: optionalText('搜索内容最长 64 个字符', 64),
  status: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : blankAsUndefined(value)),
    z
      .union([z.literal(1), z.literal(5), z.literal(7), z.literal(9), z.literal(11)], {
        error: '订单状态错误',
      })
      .optional(),
  ),
  payment: z.preprocess(blankAsUndefined, oneOf(PAYMENT_SIGNS, '支付方式错误').optional()),
  goods_type: z.preprocess(blankAsUndefined, oneOf(['COURSE', 'ROLE'], '商品类型错误').optional()),
  /** China dates, both inclusive. */
  created_from: optionalDate('开始日期格式错误'),
  created_to: optionalDate('结束日期格式错误'),
};

export const datesInOrder = (query: { created_from?: string; created_to?: string }) =>
  !query.created_from || !query.created_to || query.created_from <= query.created_to;
export const DATES_MESSAGE = '开始日期不能晚于结束日期';

export const adminOrderListQuery = pageQuery.extend(orderFilterFields).refine(datesInOrder, DATES_MESSAGE);
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>;

export const adminOrderExportQuery = z.object(orderFilterFields).refine(datesInOrder, DATES_MESSAGE);
export type AdminOrderFilter = z.output<typeof adminOrderExportQuery>;

export const adminOrder = z.strictObject({
  id: z.number(),
  order_id: z.string(),
  user_id: z.number(),
  mobile: z.string(),
  nick_name: z.string(),
  status: z.number(),
  status_text: z.string(),
  charge: z.number(),
  discount: z.number(),
  amount: z.number(),
  refunded_amount: z.number(),
  payment: z.string(),
  payment_name: z.string(),
  goods_type: z.string(),
  goods_name: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const adminRefund = z.strictObject({
  id: z.number(),
  out_refund_no: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(['processing', 'succeeded', 'failed']),
  /** `alipay`, `wechat`, `sandbox` or `manual` (money returned by hand). */
  gateway: z.string(),
  gateway_refund_no: z.string(),
  revoked_goods: z.number(),
  failure_reason: z.string(),
  administrator: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefund>;

export const adminOrderDetail = z.strictObject({
  order: adminOrder.extend({
    payment_method: z.string(),
    trade_no: z.string(),
    cancelled_at: z.string().nullable(),
    cancel_reason: z.string(),
  }),
  goods: z.array(
    z.strictObject({
      goods_type: z.string(),
      goods_id: z.number(),
      goods_name: z.string(),
      goods_charge: z.number(),
      goods_ori_charge: z.number(),
      num: z.number(),
      expire_days: z.number(),
    }),
  ),
  /** The gateways' messages about this order: starts, confirmations, duplicates, refusals. */
  payments: z.array(
    z.strictObject({
      id: z.number(),
      gateway: z.string(),
      outcome: z.string(),
      out_trade_no: z.string(),
      trade_no: z.string(),
      amount_cents: z.number().nullable(),
      reason: z.string(),
      created_at: z.string(),
    }),
  ),
  history: z.array(
    z.strictObject({
      event: z.string(),
      from_status: z.number(),
      to_status: z.number(),
      actor: z.string(),
      note: z.string(),
      created_at: z.string(),
    }),
  ),
  refunds: z.array(adminRefund),
  /** What can still be refunded now (paid, less refunded, less refunds under way). */
  refundable: z.number(),
  /** A manual-transfer order the operator can confirm. */
  can_mark_paid: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

const orderParams = z.object({
  order_no: z.string().regex(/^[\w-]{1,64}$/, '订单不存在'),
});

export const adminMarkPaidBody = z.object({
  reference: optionalText('转账流水号最长 128 个字符', 128),
});
export type AdminMarkPaidBody = z.input<typeof adminMarkPaidBody>;

export const adminRefundBody = z.object({
  /** Yuan (¥0.01 at least, two decimals at most); fen after parsing. */
  amount: yuanAsFen('退款金额', 1, 100_000_000),
  reason: requiredText('请填写退款原因', 200),
  /** Partial refunds: also take back the course or VIP days. A full refund always does. */
  revoke: z.boolean({ error: '参数错误' }).default(false),
  /** One per refund dialog: sending it again never refunds twice. */
  request_key: z.string({ error: '参数错误' }).regex(/^[\w-]{16,64}$/, '参数错误'),
});
export type AdminRefundBody = z.input<typeof adminRefundBody>;

const base = { tag: 'admin', auth: 'admin' } as const;

export const adminOrdersApi = {
  list: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/orders',
    permission: 'order.view',
    summary:
      'Orders: search by order number or mobile, filter by status, payment, goods, dates; newest first',
    query: adminOrderListQuery,
    data: listWithTotal(adminOrder),
  }),
  exportCsv: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/orders/export',
    permission: 'order.manage',
    summary: 'The filtered orders as CSV (UTF-8 with BOM for Excel), streamed in batches',
    query: adminOrderExportQuery,
    answers: 'text/csv',
    note: "CSV file (`Content-Disposition: attachment`); cells that a spreadsheet would run as a formula are prefixed with `'`",
  }),
  detail: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/orders/:order_no',
    permission: 'order.view',
    summary: 'One order: goods, gateway messages, status history, refunds',
    params: orderParams,
    data: adminOrderDetail,
  }),
  markPaid: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/api/admin/orders/:order_no/mark-paid',
    permission: 'order.manage',
    summary:
      'Confirm a manual transfer: the order is paid and delivered once (the same path as a gateway notification)',
    params: orderParams,
    body: adminMarkPaidBody,
    data: emptyData,
  }),
  refund: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/api/admin/orders/:order_no/refunds',
    permission: 'order.refund',
    summary: 'Refund a paid order, fully or in part, through its gateway',
    description:
      'The refund is `processing` until the gateway confirms (Alipay and the sandbox at once, WeChat Pay by notification). ' +
      'A full refund always takes back the course or VIP days; a partial one when `revoke` is true. The same `request_key` refunds once.',
    params: orderParams,
    body: adminRefundBody,
    data: adminRefund,
  }),
};
