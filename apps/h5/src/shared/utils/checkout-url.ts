/**
 * The cashier's address, shared by every buy button (course detail, /role, the order list's
 * 继续支付) so they all open /order the same way:
 *
 *   /order?goods_type=vod|role&goods_id=<id>&goods_name=…&goods_label=…&goods_charge=<yuan>[&goods_thumb=<url>]
 *         [&order_id=<order number>&order_amount=<yuan>]   ← continue paying an existing unpaid order
 *
 * Every value is URL-encoded (titles with `&` or `#` survive). Name, label, price and cover only
 * paint the page at once: the cashier reloads the goods from the server, and the server alone
 * prices the order.
 */
export type CheckoutGoodsType = 'vod' | 'role';

export interface CheckoutTarget {
  type: CheckoutGoodsType;
  id: number;
  name?: string;
  label?: string;
  charge?: number;
  thumb?: string;
  /** Continue paying this existing order instead of creating a new one. */
  orderId?: string;
  orderAmount?: number;
}

export const DEFAULT_GOODS_LABEL: Record<CheckoutGoodsType, string> = { vod: '录播课程', role: 'VIP会员' };

export function checkoutUrl(target: CheckoutTarget): string {
  const params = new URLSearchParams();
  params.set('goods_type', target.type);
  params.set('goods_id', String(target.id));
  if (target.name) params.set('goods_name', target.name);
  params.set('goods_label', target.label || DEFAULT_GOODS_LABEL[target.type]);
  if (target.charge !== undefined) params.set('goods_charge', String(target.charge));
  if (target.thumb) params.set('goods_thumb', target.thumb);
  if (target.orderId) params.set('order_id', target.orderId);
  if (target.orderAmount !== undefined) params.set('order_amount', String(target.orderAmount));
  return `/order?${params.toString()}`;
}
