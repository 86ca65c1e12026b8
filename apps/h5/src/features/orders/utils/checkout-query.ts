import { fenToYuan, yuanToFen } from '@kezhan/contract/browser';
import { DEFAULT_GOODS_LABEL, type CheckoutGoodsType } from '@/shared/utils/checkout-url';

export interface CheckoutQuery {
  type: CheckoutGoodsType;
  id: number;
  name: string;
  label: string;
  charge: number | null;
  thumb: string;
  /** Set when continuing to pay an existing order. */
  orderId: string;
  orderAmount: number | null;
}

const toInt = (raw: string | null): number | null => (raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** A price in the link (`19.9`): yuan with at most two decimals, or null. */
function toYuan(raw: string | null): number | null {
  const fen = raw ? yuanToFen(raw) : Number.NaN;
  return Number.isNaN(fen) ? null : fenToYuan(fen);
}

/**
 * Reads /order's query (see shared/utils/checkout-url.ts). `id` is accepted for `goods_id` as
 * older links used it. Answers null when the goods cannot be identified.
 */
export function parseCheckoutQuery(params: URLSearchParams): CheckoutQuery | null {
  const rawType = params.get('goods_type');
  if (rawType !== 'vod' && rawType !== 'role') return null;
  const id = toInt(params.get('goods_id') ?? params.get('id'));
  if (!id) return null;
  const orderId = params.get('order_id') ?? '';
  return {
    type: rawType,
    id,
    name: params.get('goods_name') ?? '',
    label: params.get('goods_label') || DEFAULT_GOODS_LABEL[rawType],
    charge: toYuan(params.get('goods_charge')),
    thumb: params.get('goods_thumb') ?? '',
    orderId: /^[\w-]{1,32}$/.test(orderId) ? orderId : '',
    orderAmount: toYuan(params.get('order_amount')),
  };
}
