import { ORDER_STATUS } from '@kezhan/contract/orders';
import type {
  AdminOrder,
  AdminOrderDetail,
  AdminOrderFilter,
  AdminRefund,
} from '@kezhan/contract/admin/orders';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../shared/db/database';
import { fenToYuan, fenToYuanText } from '../../shared/money';
import { isoTimestamp, rawDateTime } from '../../shared/time';
import { findOrderByNumber } from './operator';
import { isOpen, statusText } from './order-state';
import { paymentText } from './payment-names';
import type { RefundsTable } from './tables';

/** The console's order queries: the filtered list, its CSV export in batches, one order's story. */

const iso = (value: Date | string) => isoTimestamp(value)!;

/** Midnight of a China date (`YYYY-MM-DD`), `days` later. */
const chinaMidnight = (date: string, days = 0) =>
  new Date(Date.parse(`${date}T00:00:00+08:00`) + days * 86_400_000);

const MOBILE = /^1\d{10}$/;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Orders (with their member and first goods) matching the console's filters. */
function filteredOrders(db: Db, filter: AdminOrderFilter) {
  let query = db
    .selectFrom('orders as o')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .select((eb) => [
      'o.id',
      'o.order_id',
      'o.user_id',
      eb.fn.coalesce('u.mobile', sql<string>`''`).as('mobile'),
      eb.fn.coalesce('u.nick_name', sql<string>`''`).as('nick_name'),
      'o.status',
      'o.charge',
      'o.discount',
      'o.amount',
      'o.refunded_amount',
      'o.payment',
      'o.trade_no',
      'o.created_at',
      'o.paid_at',
      eb
        .selectFrom('order_goods as g')
        .select('g.goods_type')
        .whereRef('g.order_id', '=', 'o.id')
        .orderBy('g.id')
        .limit(1)
        .as('goods_type'),
      eb
        .selectFrom('order_goods as g')
        .select(sql<string>`string_agg(g.goods_name, '、' order by g.id)`.as('names'))
        .whereRef('g.order_id', '=', 'o.id')
        .as('goods_name'),
    ]);
  const keyword = filter.keyword?.trim();
  // A mobile finds that member's orders, anything else an order number by its beginning; one or
  // the other (never an OR across the join), so each batch of the export walks the id index.
  if (keyword && MOBILE.test(keyword)) {
    query = query.where('o.user_id', 'in', (eb) =>
      eb.selectFrom('users').select('users.id').where('users.mobile', '=', keyword),
    );
  } else if (keyword) {
    query = query.where('o.order_id', 'like', `${escapeLike(keyword)}%`);
  }
  if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
  if (filter.payment) query = query.where('o.payment', '=', filter.payment);
  if (filter.goods_type) {
    const goodsType = filter.goods_type;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_goods as g')
          .select('g.id')
          .whereRef('g.order_id', '=', 'o.id')
          .where('g.goods_type', '=', goodsType),
      ),
    );
  }
  if (filter.created_from) query = query.where('o.created_at', '>=', chinaMidnight(filter.created_from));
  if (filter.created_to) query = query.where('o.created_at', '<', chinaMidnight(filter.created_to, 1));
  return query;
}

type ListedRow = Awaited<ReturnType<ReturnType<typeof filteredOrders>['execute']>>[number];

function toAdminOrder(row: ListedRow): AdminOrder {
  return {
    id: row.id,
    order_id: row.order_id,
    user_id: row.user_id,
    mobile: row.mobile,
    nick_name: row.nick_name,
    status: row.status,
    status_text: statusText(row.status),
    charge: fenToYuan(row.charge),
    discount: fenToYuan(row.discount),
    amount: fenToYuan(row.amount),
    refunded_amount: fenToYuan(row.refunded_amount),
    payment: row.payment,
    payment_name: paymentText(row.payment),
    goods_type: row.goods_type ?? '',
    goods_name: row.goods_name ?? '',
    created_at: iso(row.created_at),
    paid_at: isoTimestamp(row.paid_at),
  };
}

export async function listAdminOrders(
  db: Db,
  filter: AdminOrderFilter & { page: number; page_size: number },
): Promise<{ data: AdminOrder[]; total: number }> {
  const base = filteredOrders(db, filter);
  const [counted, rows] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
    base
      .orderBy('o.id', 'desc')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
  ]);
  return { total: Number(counted.total), data: rows.map(toAdminOrder) };
}

// ---------------------------------------------------------------------------------------------
// CSV export

const CSV_COLUMNS = [
  '订单号',
  '下单时间',
  '用户ID',
  '手机号',
  '昵称',
  '商品类型',
  '商品',
  '原价(元)',
  '优惠(元)',
  '实付(元)',
  '已退款(元)',
  '支付方式',
  '交易号',
  '状态',
  '支付时间',
];

const GOODS_TYPE_TEXT: Record<string, string> = { COURSE: '课程', ROLE: '会员' };

/**
 * One CSV cell. A cell a spreadsheet would run as a formula (= + - @ ;, or a tab or carriage
 * return in front) gets a leading `'`; then quotes when it holds a separator, a quote or a line break.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@;\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** Rows per query of the export: one batch is built as text at a time, never the whole file. */
export const EXPORT_BATCH = 1000;

/**
 * The export, as chunks of text: the BOM and header, then one chunk per batch of orders walked
 * newest first by id (keyset: each batch starts below the last id seen, so no offset grows).
 */
export async function* orderCsvChunks(db: Db, filter: AdminOrderFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_COLUMNS)}`;
  let below: number | undefined;
  for (;;) {
    let query = filteredOrders(db, filter);
    if (below !== undefined) query = query.where('o.id', '<', below);
    const rows = await query.orderBy('o.id', 'desc').limit(EXPORT_BATCH).execute();
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine([
        row.order_id,
        rawDateTime(row.created_at),
        row.user_id,
        row.mobile,
        row.nick_name,
        GOODS_TYPE_TEXT[row.goods_type ?? ''] ?? row.goods_type,
        row.goods_name,
        fenToYuanText(row.charge),
        fenToYuanText(row.discount),
        fenToYuanText(row.amount),
        fenToYuanText(row.refunded_amount),
        paymentText(row.payment) || row.payment,
        row.trade_no,
        statusText(row.status),
        rawDateTime(row.paid_at),
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    below = rows[rows.length - 1].id;
  }
}

// ---------------------------------------------------------------------------------------------
// One order

export function toAdminRefund(row: Selectable<RefundsTable>): AdminRefund {
  return {
    id: row.id,
    out_refund_no: row.out_refund_no,
    amount: fenToYuan(row.amount),
    reason: row.reason,
    status: row.status,
    gateway: row.gateway,
    gateway_refund_no: row.gateway_refund_no,
    revoked_goods: row.revoked_goods,
    failure_reason: row.failure_reason,
    administrator: row.administrator,
    created_at: iso(row.created_at),
    completed_at: isoTimestamp(row.completed_at),
  };
}

/** A manual transfer (or an order with no gateway chosen yet) that an operator may confirm. */
export const canMarkPaid = (order: { status: number; payment: string }) =>
  (order.payment === '' || order.payment === 'handPay') &&
  (isOpen(order.status) || order.status === ORDER_STATUS.CANCELLED);

export async function adminOrderDetail(db: Db, orderNo: string): Promise<AdminOrderDetail> {
  const found = await findOrderByNumber(db, orderNo);
  const [listed, goods, payments, history, refunds] = await Promise.all([
    filteredOrders(db, {}).where('o.id', '=', found.id).executeTakeFirstOrThrow(),
    db.selectFrom('order_goods').selectAll().where('order_id', '=', found.id).orderBy('id').execute(),
    db.selectFrom('order_payments').selectAll().where('order_id', '=', found.id).orderBy('id').execute(),
    db.selectFrom('order_state_history').selectAll().where('order_id', '=', found.id).orderBy('id').execute(),
    db.selectFrom('refunds').selectAll().where('order_id', '=', found.id).orderBy('id').execute(),
  ]);
  const pending = refunds
    .filter((refund) => refund.status === 'processing')
    .reduce((sum, r) => sum + r.amount, 0);
  return {
    order: {
      ...toAdminOrder(listed),
      payment_method: found.payment_method,
      trade_no: found.trade_no,
      cancelled_at: isoTimestamp(found.cancelled_at),
      cancel_reason: found.cancel_reason,
    },
    goods: goods.map((item) => ({
      goods_type: item.goods_type,
      goods_id: item.goods_id,
      goods_name: item.goods_name,
      goods_charge: fenToYuan(item.goods_charge),
      goods_ori_charge: fenToYuan(item.goods_ori_charge),
      num: item.num,
      expire_days: item.expire_days,
    })),
    payments: payments.map((event) => ({
      id: event.id,
      gateway: event.gateway,
      outcome: event.outcome,
      out_trade_no: event.out_trade_no,
      trade_no: event.trade_no,
      amount_cents: event.amount_cents === null ? null : Number(event.amount_cents),
      reason: event.reason,
      created_at: iso(event.created_at),
    })),
    history: history.map((step) => ({
      event: step.event,
      from_status: step.from_status,
      to_status: step.to_status,
      actor: step.actor,
      note: step.note,
      created_at: iso(step.created_at),
    })),
    refunds: refunds.map(toAdminRefund),
    refundable:
      found.status === ORDER_STATUS.PAID
        ? fenToYuan(Math.max(0, found.amount - found.refunded_amount - pending))
        : 0,
    can_mark_paid: canMarkPaid(found),
  };
}
