import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS } from '@kezhan/contract/orders';
import { sql, type Selectable } from 'kysely';
import type { AppServices } from '../../services';
import type { Db } from '../../shared/db/database';
import { formatFen, yuanLabel } from '../../shared/money';
import { paymentGatewaysFor, type PaymentGateways } from '../../providers/payment/create-payment-gateways';
import {
  GatewayError,
  type GatewayReply,
  type IncomingNotification,
  type RefundAnswer,
  type RefundingGateway,
} from '../../providers/payment/payment-gateway';
import type { WechatPayGateway } from '../../providers/payment/wechat-pay';
import { notifyMember } from '../messages/notify';
import { revokeGoods } from './delivery';
import { findOrderByNumber, OrderOperationError } from './operator';
import { transition } from './order-state';
import { lockMember } from './payable';
import type { OrdersTable, RefundsTable } from './tables';

/**
 * Refunds, sent back the way the money came. One service for the console and the CLI:
 *
 *   1. In one transaction with the order locked: check what is left to refund (paid − refunded −
 *      refunds still under way), write the refund `processing` with our `out_refund_no`. A request
 *      repeated with the same `request_key` answers the refund it already made.
 *   2. Outside any transaction: ask the gateway. Alipay and the sandbox answer at once; WeChat Pay
 *      usually answers "processing" and notifies later; a manual transfer is returned by hand.
 *   3. `completeRefund`, the one place a refund ends (from the answer or the notification):
 *      a conditional move out of `processing`, so replayed or concurrent outcomes apply once.
 *      On success: the refunded total, the order `refunded` when nothing is left (through the
 *      state machine), the goods taken back when asked (always on a full refund), the member told.
 */

type OrderRow = Selectable<OrdersTable>;
export type RefundRow = Selectable<RefundsTable>;

export interface RefundInput {
  /** Fen; everything left when unset. */
  amount?: number;
  reason: string;
  /** Take back the course or VIP days (a full refund always does). */
  revoke: boolean;
  /** Once per console dialog: the same key never refunds twice. */
  requestKey?: string;
  /** `admin:<username>` or `cli`. */
  actor: string;
}

export const refundedMessage = (orderNo: string, amountFen: number) =>
  `订单${orderNo}已退款${yuanLabel(amountFen)}`;

const WECHAT_SIGNS = new Set(['wechat', 'wechat_h5', 'wechat-jsapi']);
/** Money that reached us outside any gateway (manual transfer) is returned by hand. */
const MANUAL_SIGNS = new Set(['handPay', '']);

const GATEWAY_NAMES: Record<string, string> = { alipay: '支付宝', wechat: '微信支付', sandbox: '模拟支付' };

/** Which gateway returns money paid with `payment`: `manual` for money outside any gateway. */
function refundGatewayName(payment: string): string {
  if (MANUAL_SIGNS.has(payment)) return 'manual';
  return WECHAT_SIGNS.has(payment) ? 'wechat' : payment;
}

/** The gateway that returns this order's money, or `manual`; undefined when not set up here. */
function refundGatewayOf(
  gateways: PaymentGateways,
  payment: string,
): { name: string; gateway?: RefundingGateway } | undefined {
  const name = refundGatewayName(payment);
  if (name === 'manual') return { name };
  const gateway =
    name === 'alipay'
      ? gateways.alipay
      : name === 'wechat'
        ? gateways.wechat
        : name === 'sandbox'
          ? gateways.sandbox
          : undefined;
  return gateway ? { name, gateway } : undefined;
}

/** What can still be refunded: paid, less refunded, less refunds under way. */
async function refundableLeft(trx: Db, order: OrderRow): Promise<number> {
  const [{ pending }] = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('pending'))
    .where('order_id', '=', order.id)
    .where('status', '=', 'processing')
    .execute();
  return order.amount - order.refunded_amount - Number(pending);
}

/**
 * Step 1 (see above). `onCreated` runs inside the same transaction (the console's audit row).
 * Returns the refund and whether it was created now (false: the same `requestKey` came before).
 */
async function openRefund(
  services: AppServices,
  orderNo: string,
  input: RefundInput,
  onCreated?: (trx: Db, refund: RefundRow, order: OrderRow) => Promise<void>,
): Promise<{ refund: RefundRow; order: OrderRow; created: boolean }> {
  const now = services.now();
  const gateways = paymentGatewaysFor(services);
  return services.db.transaction().execute(async (trx) => {
    const order = await findOrderByNumber(trx, orderNo, { lock: true });
    const route = refundGatewayOf(gateways, order.payment);
    if (input.requestKey) {
      const earlier = await trx
        .selectFrom('refunds')
        .selectAll()
        .where('order_id', '=', order.id)
        .where('request_key', '=', input.requestKey)
        .executeTakeFirst();
      if (earlier) return { refund: earlier, order, created: false };
    }
    if (order.status !== ORDER_STATUS.PAID) throw new OrderOperationError('只有已支付的订单可以退款');
    if (!route)
      throw new OrderOperationError(
        `该订单通过${GATEWAY_NAMES[order.payment] ?? order.payment}支付，但本站未配置该支付渠道，无法原路退款`,
      );
    const left = await refundableLeft(trx, order);
    if (left <= 0) throw new OrderOperationError('该订单已无可退金额');
    const amount = input.amount ?? left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left)
      throw new OrderOperationError(`退款金额须在 0.01 到 ${formatFen(left)} 元之间`);
    const full = amount === left && order.refunded_amount + amount === order.amount;
    const refund = await trx
      .insertInto('refunds')
      .values({
        order_id: order.id,
        amount,
        reason: input.reason,
        revoked_goods: full || input.revoke ? 1 : 0,
        status: 'processing',
        out_refund_no: `R${randomBytes(12).toString('hex')}`,
        request_key: input.requestKey ?? null,
        gateway: route.name,
        administrator: input.actor.slice(0, 64),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await onCreated?.(trx, refund, order);
    return { refund, order, created: true };
  });
}

/**
 * Refunds a paid order, fully or in part, through its gateway; answers the refund as it stands
 * afterwards (`succeeded`, `failed`, or `processing` while the gateway works on it or could not
 * be reached — sending the same request again then asks the gateway again with the same number).
 */
export async function refundOrder(
  services: AppServices,
  orderNo: string,
  input: RefundInput,
  onCreated?: (trx: Db, refund: RefundRow, order: OrderRow) => Promise<void>,
): Promise<RefundRow> {
  const opened = await openRefund(services, orderNo, input, onCreated);
  // A repeated request resends only what the gateway has not acknowledged yet (same number).
  if (opened.refund.status !== 'processing' || (!opened.created && opened.refund.gateway_refund_no))
    return opened.refund;
  return sendRefund(services, opened.refund, opened.order);
}

/**
 * Step 2 (see above) for a refund still `processing`: asks its gateway (again, with the same
 * `out_refund_no`, which the gateway refunds once) and applies the answer. Answers the refund
 * as it stands afterwards.
 */
export async function sendRefund(
  services: AppServices,
  refund: RefundRow,
  order: OrderRow,
): Promise<RefundRow> {
  let answer: RefundAnswer;
  if (refund.gateway === 'manual') {
    answer = { status: 'succeeded', gatewayRefundNo: '' };
  } else {
    const gateway = refundGatewayOf(paymentGatewaysFor(services), order.payment)?.gateway;
    if (!gateway) return refund;
    try {
      answer = await gateway.refund(
        {
          outTradeNo: order.order_id,
          tradeNo: order.trade_no,
          outRefundNo: refund.out_refund_no,
          refundCents: refund.amount,
          totalCents: order.amount,
          reason: refund.reason,
          notifyUrl: `${services.env.appUrl}/payment/callback/wechat/refund`,
        },
        services.now(),
      );
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return services.db
        .updateTable('refunds')
        .set({ failure_reason: error.message.slice(0, 500), updated_at: services.now() })
        .where('id', '=', refund.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
  }
  await completeRefund(services.db, refund.out_refund_no, answer, services.now());
  return services.db.selectFrom('refunds').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
}

/** Why a refund that is not `processing` cannot be sent again. */
const NOT_RESENDABLE: Record<Exclude<RefundRow['status'], 'processing'>, string> = {
  succeeded: '该退款已成功，无需重新发送',
  failed: '该退款已失败，不能重新发送；如需退款请在订单详情重新发起',
};

/**
 * The console's 重新发送 of a refund stuck in `processing` (the gateway could not be reached, or
 * its notification never came): the gateway is asked again with the same `out_refund_no`, so it
 * refunds at most once, and `completeRefund` applies its answer once. `onChecked` runs in the
 * transaction that checks the refund (the console's audit row). Answers the refund afterwards.
 */
export async function resendRefund(
  services: AppServices,
  refundId: number,
  onChecked?: (trx: Db, refund: RefundRow, order: OrderRow) => Promise<void>,
): Promise<RefundRow> {
  const gateways = paymentGatewaysFor(services);
  const { refund, order } = await services.db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
    if (!found) throw new OrderOperationError('退款不存在');
    if (found.status !== 'processing') throw new OrderOperationError(NOT_RESENDABLE[found.status]);
    const paid = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', found.order_id)
      .executeTakeFirstOrThrow();
    if (found.gateway !== 'manual' && !refundGatewayOf(gateways, paid.payment)?.gateway)
      throw new OrderOperationError(
        `该退款通过${GATEWAY_NAMES[found.gateway] ?? found.gateway}原路退回，但本站未配置该支付渠道，无法重新发送`,
      );
    await onChecked?.(trx, found, paid);
    return { refund: found, order: paid };
  });
  return sendRefund(services, refund, order);
}

/** `request_key` of the refund that returns a payment which delivered nothing (one per order). */
export const AUTOMATIC_REFUND_KEY = 'duplicate-payment';
export const AUTOMATIC_REFUND_REASON = '重复支付，自动原路退款';

/**
 * Inside the settling transaction, with the order just paid and locked: writes the full refund of
 * a payment that delivered nothing (`processing`, goods not taken back: the member keeps what they
 * already had). The caller sends it once the transaction has committed (`sendRefund`); the
 * `resend-automatic-refunds` job sends any that a crash or an unreachable gateway left behind.
 * One per order (`request_key`), so a replayed notification never refunds twice.
 */
export async function openAutomaticRefund(trx: Db, order: OrderRow, now: Date): Promise<RefundRow> {
  const earlier = await trx
    .selectFrom('refunds')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('request_key', '=', AUTOMATIC_REFUND_KEY)
    .executeTakeFirst();
  if (earlier) return earlier;
  return trx
    .insertInto('refunds')
    .values({
      order_id: order.id,
      amount: order.amount,
      reason: AUTOMATIC_REFUND_REASON,
      revoked_goods: 0,
      status: 'processing',
      out_refund_no: `R${randomBytes(12).toString('hex')}`,
      request_key: AUTOMATIC_REFUND_KEY,
      gateway: refundGatewayName(order.payment),
      administrator: 'system',
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Automatic refunds not acknowledged by their gateway this long after the last attempt are sent again. */
const RESEND_AFTER_MS = 5 * 60_000;

/**
 * The job behind automatic refunds: sends again (same `out_refund_no`) every one still
 * `processing` that its gateway has not acknowledged, e.g. after a crash between the payment's
 * transaction and the gateway call, or while the gateway was unreachable.
 */
export async function resendAutomaticRefunds(services: AppServices, now: Date): Promise<{ sent: number }> {
  const pending = await services.db
    .selectFrom('refunds')
    .selectAll()
    .where('request_key', '=', AUTOMATIC_REFUND_KEY)
    .where('status', '=', 'processing')
    .where('gateway_refund_no', '=', '')
    .where('updated_at', '<', new Date(now.getTime() - RESEND_AFTER_MS))
    .orderBy('id')
    .limit(100)
    .execute();
  for (const refund of pending) {
    const order = await services.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', refund.order_id)
      .executeTakeFirstOrThrow();
    await sendRefund(services, refund, order);
  }
  return { sent: pending.length };
}

/**
 * Step 3 (see above): applies a gateway's outcome once. `unknown`: no such refund;
 * `duplicate`: it had already ended (a replayed notification); `applied`: it ended now (or,
 * for `processing`, the gateway's refund number was kept).
 */
export async function completeRefund(
  db: Db,
  outRefundNo: string,
  answer: RefundAnswer,
  now: Date,
): Promise<'applied' | 'duplicate' | 'unknown'> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('refunds as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select(['r.order_id', 'o.user_id'])
      .where('r.out_refund_no', '=', outRefundNo)
      .executeTakeFirst();
    if (!found) return 'unknown';
    // The member, the order, then the refund: the order settling takes them in the same order.
    await lockMember(trx, found.user_id);
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', found.order_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const refund = await trx
      .selectFrom('refunds')
      .selectAll()
      .where('out_refund_no', '=', outRefundNo)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (refund.status !== 'processing') return 'duplicate';

    if (answer.status === 'processing') {
      await trx
        .updateTable('refunds')
        .set({ gateway_refund_no: answer.gatewayRefundNo.slice(0, 128), failure_reason: '', updated_at: now })
        .where('id', '=', refund.id)
        .execute();
      return 'applied';
    }
    if (answer.status === 'failed') {
      await trx
        .updateTable('refunds')
        .set({
          status: 'failed',
          failure_reason: answer.reason.slice(0, 500),
          completed_at: now,
          updated_at: now,
        })
        .where('id', '=', refund.id)
        .execute();
      return 'applied';
    }

    await trx
      .updateTable('refunds')
      .set({
        status: 'succeeded',
        gateway_refund_no: answer.gatewayRefundNo.slice(0, 128) || refund.gateway_refund_no,
        failure_reason: '',
        completed_at: now,
        updated_at: now,
      })
      .where('id', '=', refund.id)
      .execute();
    const refunded = order.refunded_amount + refund.amount;
    await trx
      .updateTable('orders')
      .set({ refunded_amount: refunded, updated_at: now })
      .where('id', '=', order.id)
      .execute();
    if (refunded === order.amount)
      await transition(
        trx,
        'refund',
        { id: order.id },
        { updated_at: now },
        { actor: refund.administrator || refund.gateway, note: refund.out_refund_no },
      );
    if (refund.revoked_goods) {
      const goods = await trx
        .selectFrom('order_goods')
        .select(['goods_type', 'goods_id', 'expire_days'])
        .where('order_id', '=', order.id)
        .execute();
      for (const item of goods) await revokeGoods(trx, order.user_id, item, now);
    }
    await notifyMember(trx, order.user_id, refundedMessage(order.order_id, refund.amount));
    return 'applied';
  });
}

/**
 * WeChat Pay's refund notification: verified and decrypted by the gateway, then applied once.
 * A forged one changes nothing and is not stored; an unknown refund or a wrong amount is refused
 * (WeChat retries, and the log says why).
 */
export async function receiveWechatRefundNotification(
  services: AppServices,
  gateway: WechatPayGateway,
  incoming: IncomingNotification,
  log: FastifyBaseLogger,
): Promise<GatewayReply> {
  const verified = gateway.verifyRefundNotification(incoming, services.now());
  if (verified.kind === 'invalid') {
    log.warn({ reason: verified.reason }, 'WeChat Pay refund notification refused');
    return gateway.reply(false);
  }
  const refund = await services.db
    .selectFrom('refunds')
    .select(['amount'])
    .where('out_refund_no', '=', verified.outRefundNo)
    .executeTakeFirst();
  if (!refund || (verified.succeeded && verified.refundCents !== refund.amount)) {
    log.warn(
      { outRefundNo: verified.outRefundNo },
      'WeChat Pay refund notification for an unknown refund or amount',
    );
    return gateway.reply(false);
  }
  const outcome = await completeRefund(
    services.db,
    verified.outRefundNo,
    verified.succeeded
      ? { status: 'succeeded', gatewayRefundNo: verified.refundId }
      : { status: 'failed', reason: verified.reason },
    services.now(),
  );
  return gateway.reply(outcome !== 'unknown');
}
