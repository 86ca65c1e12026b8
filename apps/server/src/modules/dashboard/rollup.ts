import { sql } from 'kysely';
import { ORDER_STATUS } from '@kezhan/contract/order-status';
import type { Db } from '../../shared/db/database';
import { chinaDayStart, rawDateTime } from '../../shared/time';

export const DAY_MS = 24 * 3600 * 1000;
const COURSE_SALES = 'course_sales';
/** Orders that were paid: a fully refunded order keeps its `paid_at`. */
export const PAID_STATUSES = [ORDER_STATUS.PAID, ORDER_STATUS.REFUNDED];

/**
 * A course line's share of an order's money `column` (fen): the whole of it for the one-line orders
 * Kezhan creates; an imported order with several lines splits it by list price (rounded down).
 */
export const courseShare = (column: 'amount' | 'refunded_amount') =>
  sql<number>`(${sql.ref(`o.${column}`)}::bigint * g.goods_charge * g.num / greatest(o.charge, 1))`;

/** `YYYY-MM-DD` of the Shanghai day holding `value`. */
export const chinaDate = (value: Date) => (rawDateTime(value) ?? '').slice(0, 10);
/** The instant a Shanghai `YYYY-MM-DD` begins. */
export const chinaDayBegins = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The last Shanghai day whose course sales are rolled up, or null before the first run. */
export async function courseSalesRolledThrough(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('dashboard_rollups')
    .select(sql<string>`through::text`.as('through'))
    .where('name', '=', COURSE_SALES)
    .executeTakeFirst();
  return row?.through ?? null;
}

/**
 * Rolls the course sales (what the orders paid for the course, fen, before refunds: refunds come
 * later and are taken off at read time) of the complete Shanghai days up into `course_sales_daily`, from the day
 * before the last one rolled up (a payment stamped just before midnight may commit just after)
 * through yesterday; the first run covers every paid order. Run by the `dashboard-rollup` job.
 */
export async function rollUpCourseSales(db: Db, now: Date) {
  const today = chinaDayStart(now);
  const through = chinaDate(new Date(today.getTime() - DAY_MS));
  return db.transaction().execute(async (trx) => {
    const state = await trx
      .selectFrom('dashboard_rollups')
      .select(sql<string>`through::text`.as('through'))
      .where('name', '=', COURSE_SALES)
      .forUpdate()
      .executeTakeFirst();
    let from: Date | null = state ? new Date(chinaDayBegins(state.through).getTime() - DAY_MS) : null;
    if (!from) {
      const first = await trx
        .selectFrom('orders')
        .select((eb) => eb.fn.min('paid_at').as('paid_at'))
        .where('status', 'in', PAID_STATUSES)
        .executeTakeFirst();
      from = first?.paid_at ? chinaDayStart(new Date(first.paid_at)) : today;
    }
    let rows = 0;
    if (from < today) {
      await trx
        .deleteFrom('course_sales_daily')
        .where('day', '>=', chinaDate(from))
        .where('day', '<=', through)
        .execute();
      const inserted = await trx
        .insertInto('course_sales_daily')
        .columns(['day', 'course_id', 'orders', 'sales'])
        .expression(
          trx
            .selectFrom('orders as o')
            .innerJoin('order_goods as g', 'g.order_id', 'o.id')
            .select([
              sql<string>`((o.paid_at at time zone 'UTC') + interval '8 hours')::date`.as('day'),
              'g.goods_id',
              sql<number>`count(*)::int`.as('orders'),
              sql<number>`sum(${courseShare('amount')})::bigint`.as('sales'),
            ])
            .where('o.status', 'in', PAID_STATUSES)
            .where('o.paid_at', '>=', from)
            .where('o.paid_at', '<', today)
            .where('g.goods_type', '=', 'COURSE')
            .groupBy([sql`1`, 'g.goods_id']),
        )
        .executeTakeFirst();
      rows = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    }
    await trx
      .insertInto('dashboard_rollups')
      .values({ name: COURSE_SALES, through, updated_at: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ through, updated_at: now }))
      .execute();
    return { from: chinaDate(from), through, rows };
  });
}
