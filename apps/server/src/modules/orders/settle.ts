import { ORDER_STATUS } from '@kezhan/contract/orders';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { fenToYuan, yuanLabel } from '../../shared/money';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import { recordCredit1 } from '../credits/credit-records';
import { notifyMember } from '../messages/notify';
import { deliverGoods } from './delivery';
import { canTransition, transition } from './order-state';
import { deliveryRefusal, lockMember, type DeliveryRefusal } from './payable';
import { PAYMENT_NAMES } from './payment-names';
import { reclaimPromoUse, releasePromoUses } from './promo-codes';
import { openAutomaticRefund, type RefundRow } from './refunds';
import type { OrdersTable, PaymentOutcome } from './tables';

/**
 * A payment confirmed by its source: a gateway notification whose signature was verified, the
 * sandbox's single-use session, an operator's confirmation of a manual transfer, or a promo
 * code covering the whole price.
 */
export interface ConfirmedPayment {
  /** Who confirmed: `alipay`, `wechat`, `sandbox`, `handPay` (operator) or `promo`. */
  source: string;
  /** Gateway signs this source may settle as; the order keeps its own when it is one of them. */
  signs: string[];
  outTradeNo: string;
  tradeNo: string;
  /** The amount the source says was paid, in cents; must equal the order's amount exactly. */
  amountCents: number;
  payload?: string;
  /** Recorded in the order's history; `source` when unset (e.g. `admin:<username>` for the console). */
  actor?: string;
}

type OrderRow = Selectable<OrdersTable>;

export type SettleResult =
  | { outcome: 'paid'; order: OrderRow }
  /** The money arrived but the goods were already the member's: nothing delivered, `refund` opened. */
  | { outcome: 'refund'; order: OrderRow; refund: RefundRow; reason: string }
  | { outcome: 'duplicate'; order: OrderRow; reason: string }
  /** `refusal`: a manual transfer confirmed for goods the member already has. */
  | { outcome: 'rejected'; order?: OrderRow; reason: string; refusal?: DeliveryRefusal };

export const paidMessage = (orderNo: string) => `订单${orderNo}已支付`;

/** What the member reads when a payment delivered nothing and goes back. */
export function duplicatePaymentMessage(
  orderNo: string,
  amountFen: number,
  refusal: DeliveryRefusal,
): string {
  const what =
    refusal.kind === 'course-owned'
      ? `您已购买课程「${refusal.goodsName}」`
      : refusal.kind === 'video-owned'
        ? `您已购买课时「${refusal.goodsName}」`
        : refusal.kind === 'vip-superseded'
          ? `您已开通「${refusal.goodsName}」，本订单是重复支付`
          : `「${refusal.goodsName}」无法延长您的会员有效期`;
  return `${what}，订单${orderNo}支付的${yuanLabel(amountFen)}将原路退回，无需任何操作。`;
}

/**
 * `credit1_reward.paid_order` is a ratio of the yuan paid (e.g. `0.1`: a point per ¥10), rounded
 * down; empty or invalid = none. The tiny allowance keeps 0.29 × ¥100 at 29 points, not 28.999….
 */
export function paidOrderCredit(setting: string, amountFen: number): number {
  const text = setting.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return 0;
  return Math.floor(fenToYuan(amountFen) * Number(text) + 1e-9);
}

/** Runs `settleInTransaction` in its own transaction. */
export function settlePayment(
  db: Db,
  settings: SettingsSnapshot,
  payment: ConfirmedPayment,
  now: Date,
): Promise<SettleResult> {
  return db.transaction().execute((trx) => settleInTransaction(trx, settings, payment, now));
}

/**
 * The only way an order becomes paid. Checks the order and the amount, takes the member's lock
 * (two payments for the same goods settle one after the other), moves the order to paid with one
 * conditional UPDATE (a replayed or concurrent confirmation finds it already paid and changes
 * nothing), then delivers the goods, cancels the member's other open orders for them, tells the
 * member, grants the rewards and logs the event — all inside the caller's transaction. A
 * rejection changes nothing but the log.
 *
 * Money for goods the member already has (a payment that was under way when another one
 * delivered them) is kept paid but delivers nothing: a full refund is opened, the member is told,
 * and the caller sends the refund after the commit. An operator confirming a manual transfer for
 * such an order is refused instead: the transfer goes back by hand.
 */
export async function settleInTransaction(
  trx: Db,
  settings: SettingsSnapshot,
  payment: ConfirmedPayment,
  now: Date,
): Promise<SettleResult> {
  const found = await trx
    .selectFrom('orders')
    .select(['id', 'user_id'])
    .where('order_id', '=', payment.outTradeNo)
    .executeTakeFirst();
  // The member's lock first, then the order as it stands once another delivery has committed.
  if (found) await lockMember(trx, found.user_id);
  const order =
    found && (await trx.selectFrom('orders').selectAll().where('id', '=', found.id).executeTakeFirst());
  const log = (outcome: PaymentOutcome, reason: string, orderId: number | null) =>
    trx
      .insertInto('order_payments')
      .values({
        order_id: orderId,
        out_trade_no: payment.outTradeNo.slice(0, 64),
        gateway: payment.source,
        trade_no: payment.tradeNo.slice(0, 128),
        amount_cents: Number.isSafeInteger(payment.amountCents) ? payment.amountCents : null,
        outcome,
        reason,
        payload: (payment.payload ?? '').slice(0, 8000),
        created_at: now,
      })
      .execute();

  if (!order) {
    await log('rejected', 'unknown order', null);
    return { outcome: 'rejected', reason: 'unknown order' };
  }
  if (payment.amountCents !== order.amount) {
    const reason = `amount mismatch: paid ${payment.amountCents} cents, order needs ${order.amount}`;
    await log('rejected', reason, order.id);
    return { outcome: 'rejected', order, reason };
  }

  const refusal = order.amount > 0 ? await deliveryRefusal(trx, order) : null;
  if (refusal && payment.source === 'handPay' && canTransition(order.status, 'pay')) {
    const reason = `goods already delivered (${refusal.kind}): return the transfer`;
    await log('rejected', reason, order.id);
    return { outcome: 'rejected', order, reason, refusal };
  }

  const sign = payment.signs.includes(order.payment) ? order.payment : (payment.signs[0] ?? order.payment);
  const [paid] = await transition(
    trx,
    'pay',
    { id: order.id },
    {
      paid_at: now,
      trade_no: payment.tradeNo.slice(0, 128),
      payment: sign,
      payment_method: PAYMENT_NAMES[sign]?.method ?? order.payment_method,
      updated_at: now,
    },
    { actor: payment.actor ?? payment.source, note: payment.tradeNo.slice(0, 128) },
  );
  if (!paid) {
    const current = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const alreadyPaid = current.status === ORDER_STATUS.PAID || current.status === ORDER_STATUS.REFUNDED;
    const sameTrade = current.trade_no === payment.tradeNo.slice(0, 128);
    const reason = !alreadyPaid
      ? `order status ${current.status}`
      : sameTrade
        ? 'already paid'
        : `already paid by ${current.trade_no}: this second payment must be refunded`;
    await log(alreadyPaid ? 'duplicate' : 'rejected', reason, order.id);
    return alreadyPaid
      ? { outcome: 'duplicate', order: current, reason }
      : { outcome: 'rejected', order: current, reason };
  }

  if (refusal) {
    await releasePromoUses(trx, [order.id], now);
    const refund = await openAutomaticRefund(trx, paid, now);
    await notifyMember(trx, order.user_id, duplicatePaymentMessage(order.order_id, order.amount, refusal));
    const reason = `nothing delivered (${refusal.kind}): refunded automatically by ${refund.out_refund_no}`;
    await log('paid', reason, order.id);
    return { outcome: 'refund', order: paid, refund, reason };
  }

  if (order.status === ORDER_STATUS.CANCELLED) await reclaimPromoUse(trx, order.id, now);
  const goods = await trx
    .selectFrom('order_goods')
    .select(['goods_type', 'goods_id', 'expire_days'])
    .where('order_id', '=', order.id)
    .execute();
  for (const item of goods) await deliverGoods(trx, order.user_id, order.amount, item, now, order);

  await notifyMember(trx, order.user_id, paidMessage(order.order_id));
  const credit = paidOrderCredit(settings.text('credit1_reward.paid_order'), order.amount);
  if (credit > 0) {
    await trx
      .updateTable('users')
      .set({ credit1: sql`credit1 + ${credit}` })
      .where('id', '=', order.user_id)
      .execute();
    await recordCredit1(trx, order.user_id, credit, `支付订单送${credit}积分`, now);
    await notifyMember(trx, order.user_id, `积分变动:${credit}，备注:支付订单送${credit}积分`);
  }
  if (order.promo_code_id !== null) await rewardPromoOwner(trx, order.promo_code_id, order.user_id);

  await log('paid', '', order.id);
  return { outcome: 'paid', order: paid };
}

/** The owner of an invite code earns `invite_user_reward` fen of invite balance per paid order. */
async function rewardPromoOwner(trx: Db, promoCodeId: number, buyerId: number): Promise<void> {
  const promo = await trx
    .selectFrom('promo_codes')
    .select(['user_id', 'invite_user_reward'])
    .where('id', '=', promoCodeId)
    .executeTakeFirst();
  if (!promo?.user_id || promo.user_id === buyerId || promo.invite_user_reward <= 0) return;
  await trx
    .updateTable('users')
    .set({ invite_balance: sql`invite_balance + ${promo.invite_user_reward}` })
    .where('id', '=', promo.user_id)
    .execute();
}
