import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';

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
 * `user_videos` row. Returns false when a course or lesson was already owned (a second payment).
 */
export async function deliverGoods(
  trx: Db,
  userId: number,
  paidAmount: number,
  goods: DeliveredGoods,
  now: Date,
): Promise<boolean> {
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
