import type { AdminRefundFilter, AdminRefundListItem } from '@kezhan/contract/admin/refunds';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { fenToYuan, fenToYuanText } from '../../shared/money';
import { rawDateTime } from '../../shared/time';
import { csvLine, EXPORT_BATCH, toAdminRefund } from './admin-orders';
import type { RefundRow } from './refunds';
import type { RefundStatus } from './tables';

/** The console's refunds page: every refund across orders, filtered, and its CSV export in batches. */

export const REFUND_STATUS_TEXT: Record<RefundStatus, string> = {
  processing: '处理中',
  succeeded: '退款成功',
  failed: '退款失败',
};

const REFUND_GATEWAY_TEXT: Record<string, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
  sandbox: '模拟支付',
  manual: '线下退回',
};

/** Who asked for a refund, in words: `admin:<name>` is that administrator. */
export function refundOperatorName(administrator: string): string {
  if (administrator.startsWith('admin:')) return administrator.slice('admin:'.length);
  if (administrator === 'cli') return '命令行';
  if (administrator === 'system') return '系统（重复支付自动退款）';
  return administrator;
}

/** Midnight of a China date (`YYYY-MM-DD`), `days` later. */
const chinaMidnight = (date: string, days = 0) =>
  new Date(Date.parse(`${date}T00:00:00+08:00`) + days * 86_400_000);

const MOBILE = /^1\d{10}$/;
const REFUND_NO = /^R[0-9a-f]{10,}$/;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Refunds (with their order and member) matching the console's filters. */
function filteredRefunds(db: Db, filter: AdminRefundFilter) {
  let query = db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('r')
    .select((eb) => [
      'o.order_id as order_no',
      'o.amount as order_amount',
      'o.user_id',
      eb.fn.coalesce('u.mobile', sql<string>`''`).as('mobile'),
      eb.fn.coalesce('u.nick_name', sql<string>`''`).as('nick_name'),
    ]);
  const keyword = filter.keyword?.trim();
  // A mobile finds that member's refunds, a refund number that refund, anything else an order
  // number by its beginning.
  if (keyword && MOBILE.test(keyword)) {
    query = query.where('o.user_id', 'in', (eb) =>
      eb.selectFrom('users').select('users.id').where('users.mobile', '=', keyword),
    );
  } else if (keyword && REFUND_NO.test(keyword)) {
    query = query.where('r.out_refund_no', '=', keyword);
  } else if (keyword) {
    query = query.where('o.order_id', 'like', `${escapeLike(keyword)}%`);
  }
  if (filter.status) query = query.where('r.status', '=', filter.status);
  if (filter.gateway) query = query.where('r.gateway', '=', filter.gateway);
  if (filter.created_from) query = query.where('r.created_at', '>=', chinaMidnight(filter.created_from));
  if (filter.created_to) query = query.where('r.created_at', '<', chinaMidnight(filter.created_to, 1));
  return query;
}

type ListedRow = RefundRow & {
  order_no: string;
  order_amount: number;
  user_id: number;
  mobile: string;
  nick_name: string;
};

function toListItem(row: ListedRow): AdminRefundListItem {
  return {
    ...toAdminRefund(row),
    status_text: REFUND_STATUS_TEXT[row.status],
    gateway_name: REFUND_GATEWAY_TEXT[row.gateway] ?? row.gateway,
    operator_name: refundOperatorName(row.administrator),
    order_no: row.order_no,
    order_amount: fenToYuan(row.order_amount),
    user_id: row.user_id,
    mobile: row.mobile,
    nick_name: row.nick_name,
  };
}

export async function listAdminRefunds(
  db: Db,
  filter: AdminRefundFilter & { page: number; page_size: number },
): Promise<{ data: AdminRefundListItem[]; total: number }> {
  const base = filteredRefunds(db, filter);
  const [counted, rows] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
    base
      .orderBy('r.id', 'desc')
      .limit(filter.page_size)
      .offset((filter.page - 1) * filter.page_size)
      .execute(),
  ]);
  return { total: Number(counted.total), data: rows.map(toListItem) };
}

/** One refund as the refunds page lists it (the answer of a re-send). */
export async function adminRefundById(db: Db, id: number): Promise<AdminRefundListItem> {
  return toListItem(await filteredRefunds(db, {}).where('r.id', '=', id).executeTakeFirstOrThrow());
}

const CSV_COLUMNS = [
  '退款单号',
  '申请时间',
  '状态',
  '退款金额(元)',
  '退款渠道',
  '渠道退款号',
  '订单号',
  '订单实付(元)',
  '用户ID',
  '手机号',
  '昵称',
  '退款原因',
  '收回权益',
  '操作人',
  '失败原因',
  '完成时间',
];

/**
 * The export, as chunks of text: the BOM and header, then one chunk per batch of refunds walked
 * newest first by id (keyset, as the orders export).
 */
export async function* refundCsvChunks(db: Db, filter: AdminRefundFilter): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CSV_COLUMNS)}`;
  let below: number | undefined;
  for (;;) {
    let query = filteredRefunds(db, filter);
    if (below !== undefined) query = query.where('r.id', '<', below);
    const rows = await query.orderBy('r.id', 'desc').limit(EXPORT_BATCH).execute();
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      chunk += csvLine([
        row.out_refund_no,
        rawDateTime(row.created_at),
        REFUND_STATUS_TEXT[row.status],
        fenToYuanText(row.amount),
        REFUND_GATEWAY_TEXT[row.gateway] ?? row.gateway,
        row.gateway_refund_no,
        row.order_no,
        fenToYuanText(row.order_amount),
        row.user_id,
        row.mobile,
        row.nick_name,
        row.reason,
        row.revoked_goods ? '是' : '否',
        refundOperatorName(row.administrator),
        row.failure_reason,
        rawDateTime(row.completed_at),
      ]);
    }
    yield chunk;
    if (rows.length < EXPORT_BATCH) return;
    below = rows[rows.length - 1].id;
  }
}
