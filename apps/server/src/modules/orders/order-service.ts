import { randomInt } from 'node:crypto';
import { ORDER_STATUS, type CreatedOrder } from '@kezhan/contract/orders';
import type { Selectable } from 'kysely';
import type { AppServices } from '../../services';
import type { Db } from '../../shared/db/database';
import { fenToYuan } from '../../shared/money';
import { BusinessError } from '../../shared/http/errors';
import { isoTimestamp } from '../../shared/time';
import { isOpen, statusText, transition } from './order-state';
import { ORDER_STATUS_ERROR_MESSAGE, assertPayable, deliveryRefusal, lockMember } from './payable';
import { PAYMENT_NAMES, paymentText } from './payment-names';
import { claimPromoCode, findPromoCode, promoDiscount, promoRefusal, releasePromoUses } from './promo-codes';
import { settleInTransaction } from './settle';
import type { GoodsType, OrdersTable } from './tables';

export const NOT_FOUND_MESSAGE = '错误';
export const COURSE_NOT_FOR_SALE_MESSAGE = '当前课程无法购买';
export const ALREADY_OWNED_MESSAGE = '请勿重复购买';

/** Unpaid and paying orders are cancelled this long after creation. */
export const ORDER_TTL_MINUTES = 60;

type OrderRow = Selectable<OrdersTable>;

interface GoodsSnapshot {
  type: GoodsType;
  id: number;
  name: string;
  thumb: string;
  /** Fen. */
  price: number;
  expireDays: number;
}

export function serializeCreatedOrder(order: OrderRow): CreatedOrder {
  return {
    id: order.id,
    user_id: order.user_id,
    charge: fenToYuan(order.charge),
    order_id: order.order_id,
    status: order.status as CreatedOrder['status'],
    status_text: statusText(order.status),
    payment_text: paymentText(order.payment),
    continue_pay: isOpen(order.status),
    created_at: isoTimestamp(order.created_at)!,
    discount: fenToYuan(order.discount),
    amount: fenToYuan(order.amount),
  };
}

/** `<userId><HHMMSS in China time><2 random digits>` like MeEdu; uniqueness is the database's. */
function orderNumber(userId: number, now: Date, randomDigits: number): string {
  const clock = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(11, 19).replace(/:/g, '');
  const random = String(randomInt(10 ** randomDigits)).padStart(randomDigits, '0');
  return `${userId}${clock}${random}`;
}

async function findCourseForSale(trx: Db, courseId: number, now: Date): Promise<GoodsSnapshot> {
  const course = await trx
    .selectFrom('courses')
    .select(['id', 'title', 'thumb', 'charge'])
    .where('id', '=', courseId)
    .where('deleted_at', 'is', null)
    .where('published_at', '<=', now)
    .executeTakeFirst();
  if (!course) throw new BusinessError(NOT_FOUND_MESSAGE);
  if (course.charge <= 0) throw new BusinessError(COURSE_NOT_FOR_SALE_MESSAGE);
  return {
    type: 'COURSE',
    id: course.id,
    name: course.title,
    thumb: course.thumb,
    price: course.charge,
    expireDays: 0,
  };
}

async function findRoleForSale(trx: Db, roleId: number): Promise<GoodsSnapshot> {
  const role = await trx
    .selectFrom('roles')
    .select(['id', 'name', 'charge', 'expire_days'])
    .where('id', '=', roleId)
    .where('is_show', '=', 1)
    .executeTakeFirst();
  if (!role) throw new BusinessError(NOT_FOUND_MESSAGE);
  return {
    type: 'ROLE',
    id: role.id,
    name: role.name,
    thumb: '',
    price: role.charge,
    expireDays: role.expire_days,
  };
}

async function insertOrder(trx: Db, userId: number, price: number, now: Date): Promise<OrderRow> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const inserted = await trx
      .insertInto('orders')
      .values({
        order_id: orderNumber(userId, now, attempt < 10 ? 2 : 6),
        user_id: userId,
        charge: price,
        discount: 0,
        amount: price,
        status: ORDER_STATUS.UNPAID,
        promo_code_id: null,
        paid_at: null,
        cancelled_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column('order_id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
  }
  throw new Error('Could not allocate an order number');
}

/**
 * Creates an order in one transaction: the price comes from the goods row,
 * a usable promo code takes its discount (never below zero), and an order that costs nothing is
 * paid and delivered at once through the same settle path as a gateway payment.
 */
async function createOrder(
  services: AppServices,
  userId: number,
  loadGoods: (trx: Db, now: Date) => Promise<GoodsSnapshot>,
  promoCode: string | undefined,
): Promise<CreatedOrder> {
  const now = services.now();
  const settings = await services.settings.snapshot();
  return services.db.transaction().execute(async (trx) => {
    const goods = await loadGoods(trx, now);
    let order = await insertOrder(trx, userId, goods.price, now);
    await trx
      .insertInto('order_goods')
      .values({
        order_id: order.id,
        goods_type: goods.type,
        goods_id: goods.id,
        goods_name: goods.name,
        goods_thumb: goods.thumb,
        goods_charge: goods.price,
        goods_ori_charge: goods.price,
        num: 1,
        expire_days: goods.expireDays,
        created_at: now,
      })
      .execute();

    // A code the member may not use is ignored, as MeEdu does; the check endpoint says why.
    const promo = await findPromoCode(trx, promoCode);
    if (promo && !(await promoRefusal(trx, promo, userId, now))) {
      if (await claimPromoCode(trx, promo, userId, order.id, now)) {
        const discount = promoDiscount(promo, goods.price);
        order = await trx
          .updateTable('orders')
          .set({ discount, amount: goods.price - discount, promo_code_id: promo.id })
          .where('id', '=', order.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      }
    }

    if (order.amount === 0) {
      const settled = await settleInTransaction(
        trx,
        settings,
        { source: 'promo', signs: [''], outTradeNo: order.order_id, tradeNo: '', amountCents: 0 },
        now,
      );
      if (settled.outcome !== 'paid') throw new Error(`Free order not settled: ${settled.reason}`);
      order = settled.order;
    }
    return serializeCreatedOrder(order);
  });
}

export function createCourseOrder(
  services: AppServices,
  userId: number,
  courseId: number,
  promoCode?: string,
) {
  return createOrder(
    services,
    userId,
    async (trx, now) => {
      const goods = await findCourseForSale(trx, courseId, now);
      const owned = await trx
        .selectFrom('user_courses')
        .select('course_id')
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .executeTakeFirst();
      if (owned) throw new BusinessError(ALREADY_OWNED_MESSAGE);
      return goods;
    },
    promoCode,
  );
}

export function createRoleOrder(services: AppServices, userId: number, roleId: number, promoCode?: string) {
  return createOrder(services, userId, (trx) => findRoleForSale(trx, roleId), promoCode);
}

/** The member's own order by number; someone else's order is "not found". */
export async function findMemberOrder(db: Db, userId: number, orderNo: string): Promise<OrderRow> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_id', '=', orderNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw new BusinessError(NOT_FOUND_MESSAGE);
  return order;
}

/**
 * The member chose a gateway: the order becomes "paying" with it (again, when they switch).
 * Under the member's lock (a delivery of the same goods waits or is seen), an order whose goods
 * would not be delivered is refused. The payment start is logged so support can follow an order's story.
 */
export async function startPayment(services: AppServices, order: OrderRow, sign: string): Promise<OrderRow> {
  const now = services.now();
  return services.db.transaction().execute(async (trx) => {
    await lockMember(trx, order.user_id);
    const refusal = await deliveryRefusal(trx, order);
    if (refusal) throw new BusinessError(refusal.message);
    const [started] = await transition(
      trx,
      'start',
      { id: order.id },
      { payment: sign, payment_method: PAYMENT_NAMES[sign]?.method ?? '', updated_at: now },
      { actor: 'member', note: sign },
    );
    if (!started) throw new BusinessError(ORDER_STATUS_ERROR_MESSAGE);
    await trx
      .insertInto('order_payments')
      .values({
        order_id: order.id,
        out_trade_no: order.order_id,
        gateway: sign,
        amount_cents: order.amount,
        outcome: 'started',
        created_at: now,
      })
      .execute();
    return started;
  });
}

/** `POST /api/v3/order/pay/handPay`: switch to manual transfer (if still open) and answer the instructions. */
export async function chooseHandPay(services: AppServices, userId: number, orderNo: string): Promise<void> {
  const order = await findMemberOrder(services.db, userId, orderNo);
  if (order.payment === 'handPay' && order.status === ORDER_STATUS.PAYING) {
    // Asked again (the instructions page reloaded): still refused once the goods are the member's.
    const refusal = await deliveryRefusal(services.db, order);
    if (refusal) throw new BusinessError(refusal.message);
    return;
  }
  await assertPayable(services.db, order);
  await startPayment(services, order, 'handPay');
}

/**
 * Cancels every unpaid or paying order older than 60 minutes and gives their promo-code uses
 * back. For the scheduler; safe to run on several nodes at once (each order moves once).
 */
export async function expireUnpaidOrders(db: Db, now: Date): Promise<{ cancelled: number }> {
  const cutoff = new Date(now.getTime() - ORDER_TTL_MINUTES * 60_000);
  const batchSize = 500;
  let total = 0;
  for (;;) {
    const { found, cancelled } = await db.transaction().execute(async (trx) => {
      const stale = await trx
        .selectFrom('orders')
        .select('id')
        .where('status', 'in', [ORDER_STATUS.UNPAID, ORDER_STATUS.PAYING])
        .where('created_at', '<', cutoff)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      const moved = await transition(
        trx,
        'cancel',
        { ids: stale.map((row) => row.id) },
        { cancelled_at: now, cancel_reason: 'expired', updated_at: now },
        { actor: 'system', note: 'expired' },
      );
      await releasePromoUses(
        trx,
        moved.map((row) => row.id),
        now,
      );
      return { found: stale.length, cancelled: moved.length };
    });
    total += cancelled;
    if (found < batchSize) return { cancelled: total };
  }
}
