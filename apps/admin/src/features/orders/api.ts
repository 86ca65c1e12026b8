import type { DataOf } from '@kezhan/contract/endpoint';
import type {
  adminOrdersApi,
  AdminOrderListQuery,
  AdminRefund,
  AdminRefundBody,
} from '@kezhan/contract/admin/orders';
import type {
  adminRefundsApi,
  AdminRefundListItem,
  AdminRefundListQuery,
} from '@kezhan/contract/admin/refunds';
import { ORDER_STATUS_TEXT } from '@kezhan/contract/order-status';
import { api } from '@/shared/http';
import { fetchPage } from '@/shared/use-paged-list';

export type OrderPage = DataOf<typeof adminOrdersApi.list>;
export type OrderDetail = DataOf<typeof adminOrdersApi.detail>;

export const listOrders = (query: AdminOrderListQuery) => fetchPage<OrderPage>('/api/admin/orders', query);
export const getOrder = (orderNo: string) =>
  api<OrderDetail>('GET', `/api/admin/orders/${encodeURIComponent(orderNo)}`);
export const markPaid = (orderNo: string, reference: string) =>
  api<[]>('POST', `/api/admin/orders/${encodeURIComponent(orderNo)}/mark-paid`, { body: { reference } });
export const refundOrder = (orderNo: string, body: AdminRefundBody) =>
  api<AdminRefund>('POST', `/api/admin/orders/${encodeURIComponent(orderNo)}/refunds`, { body });

export type RefundPage = DataOf<typeof adminRefundsApi.list>;

export const listRefunds = (query: AdminRefundListQuery) =>
  fetchPage<RefundPage>('/api/admin/refunds', query);
export const resendRefund = (id: number) =>
  api<AdminRefundListItem>('POST', `/api/admin/refunds/${id}/resend`, { body: {} });

/**
 * An export is a plain download of the list's filters (without its page): the browser sends the
 * session cookie and saves the stream.
 */
function exportUrl(path: string, query: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'page' || key === 'page_size') continue;
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `${path}${text ? `?${text}` : ''}`;
}

export const orderExportUrl = (query: AdminOrderListQuery) => exportUrl('/api/admin/orders/export', query);
export const refundExportUrl = (query: AdminRefundListQuery) => exportUrl('/api/admin/refunds/export', query);

export const ORDER_STATUS_OPTIONS = Object.entries(ORDER_STATUS_TEXT).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** Dark enough for white text (WCAG AA); unpaid and cancelled keep the plain tag. */
export const ORDER_STATUS_COLOR: Record<number, string | undefined> = {
  5: '#0b5cad',
  9: '#1f6f1a',
  11: '#8a4b00',
};

/** Secondary text that keeps a 7:1 contrast on white. */
export const MUTED = '#595959';

export const PAYMENT_OPTIONS = [
  { value: 'alipay', label: '支付宝' },
  { value: 'wechat_h5', label: '微信H5支付' },
  { value: 'wechat-jsapi', label: '微信JSAPI支付' },
  { value: 'wechat', label: '微信扫码支付' },
  { value: 'handPay', label: '手动打款' },
  { value: 'sandbox', label: '模拟支付' },
];

export const GOODS_TYPE_TEXT: Record<string, string> = { COURSE: '课程', ROLE: '会员' };

export const REFUND_STATUS: Record<string, { text: string; color: string }> = {
  processing: { text: '处理中', color: '#0b5cad' },
  succeeded: { text: '退款成功', color: '#1f6f1a' },
  failed: { text: '退款失败', color: '#a8071a' },
};

export const REFUND_GATEWAY_TEXT: Record<string, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
  sandbox: '模拟支付',
  manual: '线下退回',
};

export const REFUND_STATUS_OPTIONS = Object.entries(REFUND_STATUS).map(([value, { text }]) => ({
  value,
  label: text,
}));
export const REFUND_GATEWAY_OPTIONS = Object.entries(REFUND_GATEWAY_TEXT).map(([value, label]) => ({
  value,
  label,
}));
