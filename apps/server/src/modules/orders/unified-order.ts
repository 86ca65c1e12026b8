import { randomInt } from 'node:crypto';
import { ORDER_STATUS } from '@kezhan/contract/orders';
import {
  AGREE_PAID_CONTENT_MESSAGE,
  AGREE_VIP_MESSAGE,
  CANNOT_CREATE_ORDER_MESSAGE,
  UNIFIED_GOODS_TYPES,
  type UnifiedGoodsType,
  type UnifiedOrder,
} from '@kezhan/contract/unified-order';
import type { AppServices } from '../../services';
import { BusinessError } from '../../shared/http/errors';
import { createCourseOrder, createRoleOrder } from './order-service';

export const RESOURCE_NOT_FOUND = '资源不存在';

/** A cashier session lives as long as MeEdu's (30 minutes); the order itself expires after 60. */
export const CASHIER_TTL_SECONDS = 1800;
const cashierKey = (sign: string) => `cashier:${sign}`;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface CashierSession {
  userId: number;
  orderNo: string;
}

export interface UnifiedOrderInput {
  goodsType: string;
  goodsId: number;
  promoCode?: string;
  agreeProtocol: unknown;
  /** Called once the member has accepted the goods' agreement, before the order is created. */
  onAgreed?: (type: UnifiedGoodsType) => Promise<void>;
}

const isGoodsType = (value: string): value is UnifiedGoodsType =>
  (UNIFIED_GOODS_TYPES as readonly string[]).includes(value);

async function goodsExist(services: AppServices, type: UnifiedGoodsType, id: number): Promise<boolean> {
  const row =
    type === 'COURSE'
      ? await services.db
          .selectFrom('courses')
          .select('id')
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirst()
      : await services.db.selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

export async function issueCashierSession(services: AppServices, session: CashierSession): Promise<string> {
  let sign = 'order-';
  for (let i = 0; i < 24; i += 1) sign += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  await services.store.set(cashierKey(sign), JSON.stringify(session), CASHIER_TTL_SECONDS);
  return sign;
}

/** The order a cashier sign stands for; null when unknown or expired. Never consumed: pages revisit. */
export async function cashierSession(services: AppServices, sign: string | undefined) {
  if (!sign || !/^order-[A-Za-z0-9]{24}$/.test(sign)) return null;
  const stored = await services.store.get(cashierKey(sign));
  return stored ? (JSON.parse(stored) as CashierSession) : null;
}

/**
 * `POST /api/v3/order`: the goods must exist (code 404 otherwise) before the agreement is
 * checked; then the v2 order service creates the order (same sale rules, promo codes, state
 * machine and settlement). An order left to pay gets a cashier session.
 */
export async function createUnifiedOrder(
  services: AppServices,
  userId: number,
  input: UnifiedOrderInput,
): Promise<UnifiedOrder> {
  const type = input.goodsType;
  if (!isGoodsType(type)) throw new BusinessError(CANNOT_CREATE_ORDER_MESSAGE);
  if (!(await goodsExist(services, type, input.goodsId))) throw new BusinessError(RESOURCE_NOT_FOUND, 404);
  if (input.agreeProtocol !== 1 && input.agreeProtocol !== '1')
    throw new BusinessError(type === 'COURSE' ? AGREE_PAID_CONTENT_MESSAGE : AGREE_VIP_MESSAGE);
  await input.onAgreed?.(type);
  const order =
    type === 'COURSE'
      ? await createCourseOrder(services, userId, input.goodsId, input.promoCode)
      : await createRoleOrder(services, userId, input.goodsId, input.promoCode);
  const isPaid = order.status === ORDER_STATUS.PAID;
  const created: UnifiedOrder = {
    order_no: order.order_id,
    total: order.amount,
    discount: order.discount,
    is_paid: isPaid,
  };
  if (isPaid) return created;
  const sign = await issueCashierSession(services, { userId, orderNo: order.order_id });
  return { ...created, pay_url: `${services.env.appUrl}/payment/index?sign=${sign}`, sign };
}
