import type { PromoCode, PromoCodeCheck } from '@kezhan/contract/orders';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { fenToYuan, percentDiscountFen } from '../../shared/money';
import { rawDateTime } from '../../shared/time';
import type { PromoCodesTable } from './tables';

type PromoRow = Selectable<PromoCodesTable>;

export const MAX_PROMO_CODE_LENGTH = 64;

/** Why a member may not use a code now; shown by the check endpoint (the h5's 使用优惠码). */
export const PROMO_REFUSALS = {
  own: '不能使用自己的优惠码',
  disabled: '优惠码已停用',
  notStarted: '优惠码尚未生效',
  expired: '优惠码已过期',
  usedUp: '优惠码已被用完',
  perMember: '您使用该优惠码的次数已达上限',
} as const;

export function serializePromoCode(row: PromoRow): PromoCode {
  return {
    id: row.id,
    code: row.code,
    expired_at: rawDateTime(row.expired_at),
    invited_user_reward: fenToYuan(row.invited_user_reward),
    invite_user_reward: fenToYuan(row.invite_user_reward),
    // Only percentage codes carry these, so a classic code keeps MeEdu's exact shape.
    ...(row.discount_type === 'percent'
      ? { discount_type: 'percent' as const, percent_off: row.percent_off }
      : {}),
  };
}

/**
 * The discount a code gives on a price, in fen, never more than the price. A percentage is rounded
 * down to the fen (`percentDiscountFen`), so the member pays the rounded-up remainder: 15% off
 * ¥19.9 is ¥2.98 off, ¥16.92 to pay.
 */
export function promoDiscount(
  promo: Pick<PromoRow, 'discount_type' | 'percent_off' | 'invited_user_reward'>,
  priceFen: number,
): number {
  const off =
    promo.discount_type === 'percent'
      ? percentDiscountFen(priceFen, promo.percent_off)
      : promo.invited_user_reward;
  return Math.max(0, Math.min(off, priceFen));
}

export async function findPromoCode(db: Db, code: string | undefined): Promise<PromoRow | undefined> {
  if (!code || code.length > MAX_PROMO_CODE_LENGTH) return undefined;
  return db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Uses of a code the member holds now (pending or paid orders; cancelled ones give theirs back). */
async function heldUses(db: Db, promoId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('promo_code_uses')
    .select((eb) => eb.fn.countAll<string>().as('held'))
    .where('promo_code_id', '=', promoId)
    .where('user_id', '=', userId)
    .where('released_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.held);
}

/**
 * Why a member may not use a code now, or null when they may: not their own, switched on, inside
 * its window, uses left in total and for this member. The only place these rules live; an order
 * claims the use with `claimPromoCode`, which keeps the counts under the code's row lock.
 */
export async function promoRefusal(
  db: Db,
  promo: PromoRow,
  userId: number,
  now: Date,
): Promise<string | null> {
  if (promo.user_id === userId) return PROMO_REFUSALS.own;
  if (promo.is_enabled !== 1) return PROMO_REFUSALS.disabled;
  if (promo.starts_at && promo.starts_at.getTime() > now.getTime()) return PROMO_REFUSALS.notStarted;
  if (promo.expired_at && promo.expired_at.getTime() <= now.getTime()) return PROMO_REFUSALS.expired;
  if (promo.use_times > 0 && promo.used_times >= promo.use_times) return PROMO_REFUSALS.usedUp;
  if (promo.per_user_limit > 0 && (await heldUses(db, promo.id, userId)) >= promo.per_user_limit) {
    return PROMO_REFUSALS.perMember;
  }
  return null;
}

export async function checkPromoCode(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): Promise<PromoCodeCheck> {
  const promo = await findPromoCode(db, code);
  if (!promo) return { can_use: 0, promo_code: [] };
  const refusal = await promoRefusal(db, promo, userId, now);
  return refusal
    ? { can_use: 0, promo_code: serializePromoCode(promo), message: refusal }
    : { can_use: 1, promo_code: serializePromoCode(promo) };
}

/**
 * Takes one use of the code for an order, atomically. The update that counts the use also takes
 * the code's row lock and re-checks switch, window and total; concurrent orders for the same code
 * wait on that lock, so the member's held uses are counted after theirs have committed. Returns
 * false, with nothing changed, when a concurrent order got there first.
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
    .where('is_enabled', '=', 1)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('expired_at', 'is', null), eb('expired_at', '>', now)]))
    .where((eb) => eb.or([eb('use_times', '=', 0), eb('used_times', '<', eb.ref('use_times'))]))
    .returning(['id', 'per_user_limit'])
    .executeTakeFirst();
  if (!counted) return false;
  if (counted.per_user_limit > 0 && (await heldUses(trx, promo.id, userId)) >= counted.per_user_limit) {
    await trx
      .updateTable('promo_codes')
      .set({ used_times: sql`used_times - 1` })
      .where('id', '=', promo.id)
      .execute();
    return false;
  }
  await trx
    .insertInto('promo_code_uses')
    .values({ promo_code_id: promo.id, user_id: userId, order_id: orderId, created_at: now })
    .execute();
  return true;
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
 * as many uses as they may on other orders (then this order keeps its discount without holding a use).
 */
export async function reclaimPromoUse(trx: Db, orderId: number, now: Date): Promise<void> {
  const use = await trx
    .selectFrom('promo_code_uses')
    .select(['id', 'promo_code_id', 'user_id', 'released_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!use || !use.released_at) return;
  const promo = await trx
    .updateTable('promo_codes')
    .set({ updated_at: now })
    .where('id', '=', use.promo_code_id)
    .returning('per_user_limit')
    .executeTakeFirstOrThrow();
  if (
    promo.per_user_limit > 0 &&
    (await heldUses(trx, use.promo_code_id, use.user_id)) >= promo.per_user_limit
  ) {
    return;
  }
  await trx.updateTable('promo_code_uses').set({ released_at: null }).where('id', '=', use.id).execute();
  await trx
    .updateTable('promo_codes')
    .set({ used_times: sql`used_times + 1`, updated_at: now })
    .where('id', '=', use.promo_code_id)
    .execute();
}
