import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { idParams, listWithTotal } from '../shapes';
import { oneOf, optionalText } from '../validation';
import { adminRefund, blankAsUndefined, datesInOrder, DATES_MESSAGE, optionalDate } from './orders';
import { pageQuery } from './paging';

/** Refunds across orders in the console: the list, its CSV export, re-sending one stuck in 处理中. */

export const REFUND_STATUSES = ['processing', 'succeeded', 'failed'] as const;
/** `manual`: money that reached us outside any gateway, returned by hand. */
export const REFUND_GATEWAYS = ['alipay', 'wechat', 'sandbox', 'manual'] as const;

const refundFilterFields = {
  /** An order number (exact or its beginning), a refund number or a member's mobile. */
  keyword: optionalText('搜索内容最长 64 个字符', 64),
  status: z.preprocess(blankAsUndefined, oneOf(REFUND_STATUSES, '退款状态错误').optional()),
  gateway: z.preprocess(blankAsUndefined, oneOf(REFUND_GATEWAYS, '退款渠道错误').optional()),
  /** China dates the refund was asked for, both inclusive. */
  created_from: optionalDate('开始日期格式错误'),
  created_to: optionalDate('结束日期格式错误'),
};

export const adminRefundListQuery = pageQuery.extend(refundFilterFields).refine(datesInOrder, DATES_MESSAGE);
export type AdminRefundListQuery = z.input<typeof adminRefundListQuery>;

export const adminRefundExportQuery = z.object(refundFilterFields).refine(datesInOrder, DATES_MESSAGE);
export type AdminRefundFilter = z.output<typeof adminRefundExportQuery>;

/** A refund with its order and member, as the refunds page lists it. */
export const adminRefundListItem = adminRefund.extend({
  /** 处理中, 退款成功, 退款失败. */
  status_text: z.string(),
  /** The gateway in words (支付宝, 微信支付, 模拟支付, 线下退回). */
  gateway_name: z.string(),
  /** Who asked: an administrator's name, 命令行 or 系统（重复支付自动退款）. */
  operator_name: z.string(),
  order_no: z.string(),
  /** What the order paid, yuan. */
  order_amount: z.number(),
  user_id: z.number(),
  mobile: z.string(),
  nick_name: z.string(),
});
export type AdminRefundListItem = z.infer<typeof adminRefundListItem>;

const base = { tag: 'admin', auth: 'admin' } as const;

export const adminRefundsApi = {
  list: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/refunds',
    permission: 'order.view',
    summary:
      'Refunds across orders: search by order number, refund number or mobile, filter by status, gateway, dates; newest first',
    query: adminRefundListQuery,
    data: listWithTotal(adminRefundListItem),
  }),
  exportCsv: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/refunds/export',
    permission: 'order.view',
    summary: 'The filtered refunds as CSV (UTF-8 with BOM for Excel), streamed in batches',
    query: adminRefundExportQuery,
    answers: 'text/csv',
    note: "CSV file (`Content-Disposition: attachment`); cells that a spreadsheet would run as a formula are prefixed with `'`",
  }),
  resend: defineEndpoint({
    ...base,
    method: 'POST',
    path: '/api/admin/refunds/:id/resend',
    permission: 'order.refund',
    summary: 'Ask the gateway again about a refund still 处理中, with the same refund number',
    description:
      'The gateway sees the same `out_refund_no`, so it never refunds twice; the answer is applied once. ' +
      'Refused for a refund that is not `processing`.',
    params: idParams,
    data: adminRefundListItem,
  }),
};
