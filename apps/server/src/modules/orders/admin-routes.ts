import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { adminOrdersApi } from '@kezhan/contract/admin/orders';
import { adminRefundsApi } from '@kezhan/contract/admin/refunds';
import { BusinessError } from '../../shared/http/errors';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { fenToYuan } from '../../shared/money';
import { actorOf, audit } from '../admin/audit';
import { adminRoute } from '../admin/guard';
import {
  adminOrderDetail,
  canMarkPaid,
  listAdminOrders,
  orderCsvChunks,
  toAdminRefund,
} from './admin-orders';
import { adminRefundById, listAdminRefunds, refundCsvChunks } from './admin-refunds';
import { findOrderByNumber, OrderOperationError } from './operator';
import { lockMember } from './payable';
import { paymentText } from './payment-names';
import { refundOrder, resendRefund } from './refunds';
import { settleInTransaction } from './settle';

/** An operator's mistake (no such order, nothing left to refund) as the envelope's message. */
async function operatorStep<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (error) {
    if (error instanceof OrderOperationError) throw new BusinessError(error.message);
    throw error;
  }
}

/** Orders and refunds in the console; every change is audited in its transaction. */
export default async function adminOrderRoutes(app: FastifyInstance) {
  const services = app.services;
  const { db, now, settings } = services;

  adminRoute(app, adminOrdersApi.list, async (request) => ok(await listAdminOrders(db, request.query)));

  /** A CSV download named after today's China date, streamed chunk by chunk. */
  const sendCsv = (reply: FastifyReply, name: string, chunks: AsyncGenerator<string>) => {
    const day = new Date(now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(chunks));
  };

  adminRoute(app, adminOrdersApi.exportCsv, async (request, reply) => {
    const filter = request.query;
    await audit(db, request, { action: 'order.export', targetType: 'order', after: filter });
    return sendCsv(reply, 'orders', orderCsvChunks(db, filter));
  });

  adminRoute(app, adminOrdersApi.detail, async (request) =>
    ok(await operatorStep(adminOrderDetail(db, request.params.order_no))),
  );

  adminRoute(app, adminOrdersApi.markPaid, async (request) => {
    const orderNo = request.params.order_no;
    const actor = actorOf(request);
    // Read before the transaction: with PGlite's one connection a read outside it would wait forever.
    const snapshot = await settings.snapshot();
    await operatorStep(
      db.transaction().execute(async (trx) => {
        // The member's lock before the order's, in the order settling takes them.
        await lockMember(trx, (await findOrderByNumber(trx, orderNo)).user_id);
        const order = await findOrderByNumber(trx, orderNo, { lock: true });
        if (!canMarkPaid(order))
          throw new OrderOperationError(
            order.payment && order.payment !== 'handPay'
              ? `该订单通过${paymentText(order.payment) || order.payment}支付，到账由支付渠道确认`
              : '该订单不是待确认的手动打款订单',
          );
        const at = now();
        const reference = request.body.reference || `manual-${at.getTime()}`;
        const result = await settleInTransaction(
          trx,
          snapshot,
          {
            source: 'handPay',
            signs: ['handPay'],
            outTradeNo: order.order_id,
            tradeNo: reference.slice(0, 128),
            amountCents: order.amount,
            payload: `console: ${actor.name}`,
            actor: `admin:${actor.name}`,
          },
          at,
        );
        if (result.outcome === 'rejected' && result.refusal)
          throw new OrderOperationError(
            `学员已拥有「${result.refusal.goodsName}」，无需确认收款，请将这笔转账退回学员`,
          );
        if (result.outcome !== 'paid') throw new OrderOperationError('订单状态已变化，请刷新后重试');
        await audit(trx, request, {
          action: 'order.mark_paid',
          targetType: 'order',
          targetId: order.order_id,
          before: { status: order.status, payment: order.payment },
          after: { status: result.order.status, payment: result.order.payment, trade_no: reference },
        });
      }),
    );
    return ok(NO_DATA);
  });

  adminRoute(app, adminOrdersApi.refund, async (request) => {
    const { amount, reason, revoke, request_key: requestKey } = request.body;
    const actor = actorOf(request);
    const refund = await operatorStep(
      refundOrder(
        services,
        request.params.order_no,
        { amount, reason, revoke, requestKey, actor: `admin:${actor.name}` },
        (trx, created, order) =>
          audit(trx, request, {
            action: 'order.refund',
            targetType: 'order',
            targetId: order.order_id,
            before: {
              status: order.status,
              amount: fenToYuan(order.amount),
              refunded_amount: fenToYuan(order.refunded_amount),
            },
            after: {
              out_refund_no: created.out_refund_no,
              amount: fenToYuan(created.amount),
              reason: created.reason,
              revoked_goods: created.revoked_goods,
              gateway: created.gateway,
            },
          }),
      ),
    );
    return ok(toAdminRefund(refund));
  });

  adminRoute(app, adminRefundsApi.list, async (request) => ok(await listAdminRefunds(db, request.query)));

  adminRoute(app, adminRefundsApi.exportCsv, async (request, reply) => {
    const filter = request.query;
    await audit(db, request, { action: 'refund.export', targetType: 'refund', after: filter });
    return sendCsv(reply, 'refunds', refundCsvChunks(db, filter));
  });

  adminRoute(app, adminRefundsApi.resend, async (request) => {
    const refund = await operatorStep(
      resendRefund(services, request.params.id, (trx, stuck, order) =>
        audit(trx, request, {
          action: 'refund.resend',
          targetType: 'refund',
          targetId: stuck.out_refund_no,
          before: {
            order_no: order.order_id,
            status: stuck.status,
            amount: fenToYuan(stuck.amount),
            gateway: stuck.gateway,
            gateway_refund_no: stuck.gateway_refund_no,
            failure_reason: stuck.failure_reason,
          },
        }),
      ),
    );
    return ok(await adminRefundById(db, refund.id));
  });
}
