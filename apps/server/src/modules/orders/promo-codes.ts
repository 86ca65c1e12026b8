import type { PromoCode, PromoCodeCheck } from '@kezhan/contract/orders';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { rawDateTime } from '../../shared/time';
import type { PromoCodesTable } from './tables';

type PromoRow = Selectable<PromoCodesTable>;

export const MAX_PROMO_CODE_LENGTH = 64;

export function serializePromoCode(row: PromoRow): PromoCode {
  return {
    id: row.id,
    code: row.code,
    expired_at: rawDateTime(row.expired_at),
    invited_user_reward: row.invited_user_reward,
    invite_user_reward: row.invite_user_reward,
  };
}

export async function findPromoCode(db: Db, code: string | undefined): Promise<PromoRow | undefined> {
  if (!code || code.length > MAX_PROMO_CODE_LENGTH) return undefined;
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/**
 * Whether a member may use a code now: not their own, not expired, uses
 * left, and no other order of theirs holds it (pending or paid; released when cancelled).
 */
export async function canUsePromoCode(db: Db, promo: PromoRow, userId: number, now: Date): Promise<boolean> {
  if (promo.user_id === userId) return false;
  if (promo.expired_at && promo.expired_at.getTime() <= now.getTime()) return false;
  if (promo.use_times > 0 && promo.used_times >= promo.use_times) return false;
  const held = await db
    .selectFrom('promo_code_uses')
    .select('id')
    .where('promo_code_id', '=', promo.id)
    .where('user_id', '=', userId)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return !held;
}

export async function checkPromoCode(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<PromoCodeCheck> {
  const promo = await findPromoCode(db, code);
  if (!promo) return { can_use: 0, promo_code: [] };
  return {
    can_use: (await canUsePromoCode(db, promo, userId, now)) ? 1 : 0,
    promo_code: serializePromoCode(promo),
  };
}

/**
 * Takes one use of the code for an order, atomically: the use count only grows while uses are
 * left, and a member holds at most one active use of a code (unique index). Returns false,
 * with nothing changed, when a concurrent order got there first.
 */
export async function claimPromoCode(
  trx: Db,
  promo: PromoRow,
  userId: number,
  orderId: number,
  now: Date,
): Promise<boolean> {
  const counted = await trx
    .updateTable('promo_codes')
    .set({ used_times: sql`used_times + 1`, updated_at: now })
    .where('id', '=', promo.id)
    .where((eb) => eb.or([eb('use_times', '=', 0), eb('used_times', '<', eb.ref('use_times'))]))
    .returning('id')
    .executeTakeFirst();
  if (!counted) return false;
  const used = await trx
    .insertInto('promo_code_uses')
    .values({ promo_code_id: promo.id, user_id: userId, order_id: orderId, created_at: now })
    .onConflict((conflict) =>
      conflict.columns(['promo_code_id', 'user_id']).where('released_at', 'is', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (used) return true;
  await trx
    .updateTable('promo_codes')
    .set({ used_times: sql`used_times - 1` })
    .where('id', '=', promo.id)
    .execute();
  return false;
}

/** Gives back the uses held by cancelled orders. */
export async function releasePromoUses(trx: Db, orderIds: number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const released = await trx
    .updateTable('promo_code_uses')
    .set({ released_at: now })
    .where('order_id', 'in', orderIds)
    .where('released_at', 'is', null)
    .returning('promo_code_id')
    .execute();
  for (const use of released) {
    await trx
      .updateTable('promo_codes')
      .set({ used_times: sql`greatest(used_times - 1, 0)`, updated_at: now })
      .where('id', '=', use.promo_code_id)
      .execute();
  }
}

/**
 * A cancelled order that gets paid late takes its use back, unless the member meanwhile holds
 * the code on another order (then this order keeps its discount without holding a use).
 */
export async function reclaimPromoUse(trx: Db, orderId: number, now: Date): Promise<void> {
  const use = await trx
    .selectFrom('promo_code_uses')
    .select(['id', 'promo_code_id', 'user_id', 'released_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!use || !use.released_at) return;
  const other = await trx
    .selectFrom('promo_code_uses')
    .select('id')
    .where('promo_code_id', '=', use.promo_code_id)
    .where('user_id', '=', use.user_id)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  if (other) return;
  await trx.updateTable('promo_code_uses').set({ released_at: null }).where('id', '=', use.id).execute();
  await trx
    .updateTable('promo_codes')
    .set({ used_times: sql`used_times + 1`, updated_at: now })
    .where('id', '=', use.promo_code_id)
    .execute();
}
