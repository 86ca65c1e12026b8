import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { OPEN_STATUSES, transition } from './order-state';
import { releasePromoUses } from './promo-codes';
import type { GoodsType } from './tables';

/** `cancel_reason` of an open order whose goods another payment (or a grant) delivered. */
export const SUPERSEDED = 'superseded';

export interface DeliveredGoods {
  goods_type: string;
  goods_id: number;
  expire_days: number;
}

/**
 * Hands over what an order sold. A course: the `user_courses` row (kept if already owned) and
 * one more subscriber on the course. A VIP plan: the plan becomes the member's role and the
 * expiry moves `expire_days` past the later of now and the current expiry (periods stack). A single
 * lesson (VIDEO, only on orders brought from MeEdu, which sold lessons alone before v4.7): the
 * `user_videos` row. The member's other open orders for the same goods are cancelled
 * (`superseded`), so none of them can be paid a second time: for a course or lesson always, for a
 * VIP plan when an order delivers it (an operator's gift of days does not answer a purchase the
 * member has started). Returns false when a course or lesson was already owned.
 */
export async function deliverGoods(
  trx: Db,
  userId: number,
  paidAmount: number,
  goods: DeliveredGoods,
  now: Date,
  order?: { id: number; order_id: string },
): Promise<boolean> {
  if (goods.goods_type !== 'ROLE' || order) {
    await cancelSupersededOrders(trx, userId, goods, order, now);
  }
  if (goods.goods_type === 'COURSE') {
    const inserted = await trx
      .insertInto('user_courses')
      .values({ user_id: userId, course_id: goods.goods_id, charge: paidAmount, created_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'course_id']).doNothing())
      .returning('course_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .updateTable('courses')
      .set({ user_count: sql`user_count + 1` })
      .where('id', '=', goods.goods_id)
      .execute();
    return true;
  }
  if (goods.goods_type === 'ROLE') {
    await trx
      .updateTable('users')
      .set({
        role_id: goods.goods_id,
        role_expired_at: sql<Date>`greatest(coalesce(role_expired_at, ${now}::timestamptz), ${now}::timestamptz)
          + make_interval(days => ${goods.expire_days}::int)`,
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
    return true;
  }
  if (goods.goods_type === 'VIDEO') {
    const inserted = await trx
      .insertInto('user_videos')
      .values({ user_id: userId, video_id: goods.goods_id, charge: paidAmount, created_at: now })
      .onConflict((conflict) => conflict.columns(['user_id', 'video_id']).doNothing())
      .returning('video_id')
      .executeTakeFirst();
    return inserted !== undefined;
  }
  throw new Error(`Unknown goods type ${goods.goods_type}`);
}

/** Takes back what `deliverGoods` handed over (a refund with `--revoke`). */
export async function revokeGoods(trx: Db, userId: number, goods: DeliveredGoods, now: Date): Promise<void> {
  if (goods.goods_type === 'COURSE') {
    const removed = await trx
      .deleteFrom('user_courses')
      .where('user_id', '=', userId)
      .where('course_id', '=', goods.goods_id)
      .returning('course_id')
      .executeTakeFirst();
    if (removed) {
      await trx
        .updateTable('courses')
        .set({ user_count: sql`greatest(user_count - 1, 0)` })
        .where('id', '=', goods.goods_id)
        .execute();
    }
    return;
  }
  if (goods.goods_type === 'ROLE') {
    await trx
      .updateTable('users')
      .set({
        role_expired_at: sql<Date>`greatest(role_expired_at - make_interval(days => ${goods.expire_days}::int), ${now}::timestamptz)`,
        updated_at: now,
      })
      .where('id', '=', userId)
      .where('role_id', '=', goods.goods_id)
      .execute();
    return;
  }
  if (goods.goods_type === 'VIDEO') {
    await trx
      .deleteFrom('user_videos')
      .where('user_id', '=', userId)
      .where('video_id', '=', goods.goods_id)
      .execute();
  }
}

/** Cancels the member's open orders for these goods, except the one delivering them. */
async function cancelSupersededOrders(
  trx: Db,
  userId: number,
  goods: DeliveredGoods,
  by: { id: number; order_id: string } | undefined,
  now: Date,
): Promise<void> {
  let query = trx
    .selectFrom('orders as o')
    .innerJoin('order_goods as g', 'g.order_id', 'o.id')
    .select('o.id')
    .where('o.user_id', '=', userId)
    .where('o.status', 'in', [...OPEN_STATUSES])
    .where('g.goods_type', '=', goods.goods_type as GoodsType)
    .where('g.goods_id', '=', goods.goods_id);
  if (by) query = query.where('o.id', '!=', by.id);
  const open = await query.execute();
  const cancelled = await transition(
    trx,
    'cancel',
    { ids: open.map((row) => row.id) },
    { cancelled_at: now, cancel_reason: SUPERSEDED, updated_at: now },
    { actor: 'system', note: by ? `superseded by order ${by.order_id}` : 'goods granted' },
  );
  await releasePromoUses(
    trx,
    cancelled.map((row) => row.id),
    now,
  );
}
