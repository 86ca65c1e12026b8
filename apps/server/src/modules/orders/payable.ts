import { ORDER_STATUS } from '@kezhan/contract/orders';
import type { Selectable } from 'kysely';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { SUPERSEDED } from './delivery';
import { canTransition } from './order-state';
import type { OrdersTable } from './tables';

export const ORDER_STATUS_ERROR_MESSAGE = '订单状态错误';
export const COURSE_ALREADY_BOUGHT_MESSAGE = '您已购买该课程，无需再次支付';
export const VIDEO_ALREADY_BOUGHT_MESSAGE = '您已购买该课时，无需再次支付';
export const VIP_WOULD_NOT_EXTEND_MESSAGE = '该会员订单已无法延长会员有效期，无需支付';

type OrderRow = Selectable<OrdersTable>;

/**
 * Why paying this order would deliver nothing to its member (the payment would have to be
 * returned), or null when it would deliver. A course (or a lesson, on orders brought from MeEdu):
 * the member already has it. A VIP plan:
 * periods stack (delivery adds the plan's days to the later of now and the current expiry), so
 * a VIP order always extends the membership except when its plan grants no days, or when the
 * same plan was delivered by another order after this one was opened (this order was cancelled
 * then as `superseded`: the period it was opened for is the one already bought).
 */
export interface DeliveryRefusal {
  kind: 'course-owned' | 'video-owned' | 'vip-no-days' | 'vip-superseded';
  goodsType: string;
  goodsName: string;
  message: string;
}

export async function deliveryRefusal(db: Db, order: OrderRow): Promise<DeliveryRefusal | null> {
  const goods = await db
    .selectFrom('order_goods')
    .select(['goods_type', 'goods_id', 'goods_name', 'expire_days'])
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  for (const item of goods) {
    const refusal = (kind: DeliveryRefusal['kind'], message: string): DeliveryRefusal => ({
      kind,
      goodsType: item.goods_type,
      goodsName: item.goods_name,
      message,
    });
    if (item.goods_type === 'COURSE') {
      const owned = await db
        .selectFrom('user_courses')
        .select('course_id')
        .where('user_id', '=', order.user_id)
        .where('course_id', '=', item.goods_id)
        .executeTakeFirst();
      if (owned) return refusal('course-owned', COURSE_ALREADY_BOUGHT_MESSAGE);
    } else if (item.goods_type === 'VIDEO') {
      const owned = await db
        .selectFrom('user_videos')
        .select('video_id')
        .where('user_id', '=', order.user_id)
        .where('video_id', '=', item.goods_id)
        .executeTakeFirst();
      if (owned) return refusal('video-owned', VIDEO_ALREADY_BOUGHT_MESSAGE);
    } else if (item.goods_type === 'ROLE') {
      if (item.expire_days <= 0) return refusal('vip-no-days', VIP_WOULD_NOT_EXTEND_MESSAGE);
      if (order.status === ORDER_STATUS.CANCELLED && order.cancel_reason === SUPERSEDED)
        return refusal('vip-superseded', VIP_WOULD_NOT_EXTEND_MESSAGE);
    }
  }
  return null;
}

/**
 * Throws unless the member may (still) pay this order: its goods would be delivered (a clear
 * message when they would not) and its status allows a payment to start (`订单状态错误`).
 */
export async function assertPayable(db: Db, order: OrderRow): Promise<void> {
  if (order.status === ORDER_STATUS.PAID || order.status === ORDER_STATUS.REFUNDED)
    throw new BusinessError(ORDER_STATUS_ERROR_MESSAGE);
  const refusal = await deliveryRefusal(db, order);
  if (refusal) throw new BusinessError(refusal.message);
  if (!canTransition(order.status, 'start')) throw new BusinessError(ORDER_STATUS_ERROR_MESSAGE);
}

/** Takes the member's row lock: deliveries, payment starts and refunds of one member run one at a time. */
export async function lockMember(trx: Db, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
