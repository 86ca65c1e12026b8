import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

// Every money column here is integer fen (分) since migration 0220: `charge`, `discount`, `amount`,
// `refunded_amount`, `goods_charge`, `goods_ori_charge`, the promo rewards, refunds' `amount`;
// `amount_cents` always was. The API speaks yuan (`shared/money.ts`).

export interface PromoCodesTable {
  id: Generated<number>;
  code: string;
  user_id: number | null;
  invited_user_reward: Defaulted<number>;
  invite_user_reward: Defaulted<number>;
  use_times: Defaulted<number>;
  used_times: Defaulted<number>;
  expired_at: Date | null;
  /** Migration 0120: console-managed codes. */
  discount_type: Defaulted<PromoDiscountType>;
  percent_off: Defaulted<number>;
  per_user_limit: Defaulted<number>;
  starts_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  is_enabled: Defaulted<number>;
  batch: Defaulted<string>;
  remark: Defaulted<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type PromoDiscountType = 'amount' | 'percent';

export interface OrdersTable {
  id: Generated<number>;
  order_id: string;
  user_id: number;
  charge: number;
  discount: Defaulted<number>;
  amount: number;
  status: Defaulted<number>;
  payment: Defaulted<string>;
  payment_method: Defaulted<string>;
  promo_code_id: number | null;
  trade_no: Defaulted<string>;
  paid_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: Defaulted<string>;
  refunded_amount: Defaulted<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type GoodsType = 'COURSE' | 'ROLE';
/** What an order line may hold: also a single lesson (VIDEO) on orders brought from MeEdu. */
type OrderLineType = GoodsType | 'VIDEO';

export interface OrderGoodsTable {
  id: Generated<number>;
  order_id: number;
  goods_type: OrderLineType;
  goods_id: number;
  goods_name: string;
  goods_thumb: Defaulted<string>;
  goods_charge: number;
  goods_ori_charge: number;
  num: Defaulted<number>;
  expire_days: Defaulted<number>;
  created_at: Timestamp;
}

export interface PromoCodeUsesTable {
  id: Generated<number>;
  promo_code_id: number;
  user_id: number;
  order_id: number;
  released_at: Date | null;
  created_at: Timestamp;
}

export type PaymentOutcome = 'paid' | 'duplicate' | 'rejected' | 'ignored' | 'started';

export interface OrderPaymentsTable {
  id: Generated<number>;
  order_id: number | null;
  out_trade_no: Defaulted<string>;
  gateway: string;
  trade_no: Defaulted<string>;
  amount_cents: number | null;
  outcome: PaymentOutcome;
  reason: Defaulted<string>;
  payload: Defaulted<string>;
  created_at: Timestamp;
}

export type RefundStatus = 'processing' | 'succeeded' | 'failed';

export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  /** Fen, like the order's amount. */
  amount: number;
  reason: Defaulted<string>;
  /** 1: take back the course or VIP days when the refund completes. */
  revoked_goods: Defaulted<number>;
  status: Defaulted<RefundStatus>;
  /** Our refund number, the gateway's deduplication key (`out_request_no` / `out_refund_no`). */
  out_refund_no: string;
  /** The console's once-per-dialog key: a repeated request answers the refund it made. */
  request_key: string | null;
  gateway: Defaulted<string>;
  gateway_refund_no: Defaulted<string>;
  failure_reason: Defaulted<string>;
  administrator: Defaulted<string>;
  completed_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderStateHistoryTable {
  id: Generated<string>;
  order_id: number;
  event: string;
  from_status: number;
  to_status: number;
  actor: Defaulted<string>;
  note: Defaulted<string>;
  created_at: Timestamp;
}

declare module '../../shared/db/schema' {
  interface Database {
    promo_codes: PromoCodesTable;
    orders: OrdersTable;
    order_goods: OrderGoodsTable;
    promo_code_uses: PromoCodeUsesTable;
    order_payments: OrderPaymentsTable;
    refunds: RefundsTable;
    order_state_history: OrderStateHistoryTable;
  }
}
