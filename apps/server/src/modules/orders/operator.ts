import { type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../shared/db/database';
import type { RolesTable } from '../../shared/db/schema';
import type { PromoCodesTable } from './tables';

/**
 * What an operator does to plans, promo codes and orders (the CLI and the console): the queries,
 * with the database and the clock passed in (refunds: `refunds.ts`). Failures an operator caused are
 * `OrderOperationError`s whose message says what to do.
 */
export class OrderOperationError extends Error {}

type RoleRow = Selectable<RolesTable>;
type PromoRow = Selectable<PromoCodesTable>;
type RoleFields = Omit<Insertable<RolesTable>, 'created_at' | 'updated_at'>;

export async function createRole(db: Db, fields: RoleFields, now: Date): Promise<RoleRow> {
  return db
    .insertInto('roles')
    .values({ ...fields, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The changed plan, or undefined when there is no plan `id`. Orders already placed keep their terms. */
export async function updateRole(
  db: Db,
  id: number,
  changes: Omit<Updateable<RolesTable>, 'id' | 'created_at' | 'updated_at'>,
  now: Date,
): Promise<RoleRow | undefined> {
  return db
    .updateTable('roles')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function memberExists(db: Db, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst());
}

/** The new code, or undefined when the code already exists. */
export async function createPromoCode(
  db: Db,
  fields: Omit<Insertable<PromoCodesTable>, 'created_at' | 'updated_at'>,
  now: Date,
): Promise<PromoRow | undefined> {
  return db
    .insertInto('promo_codes')
    .values({ ...fields, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function listPromoCodes(db: Db, limit = 500): Promise<PromoRow[]> {
  return db.selectFrom('promo_codes').selectAll().orderBy('id', 'desc').limit(limit).execute();
}

export interface OrderFilter {
  status?: number;
  userId?: number;
  limit: number;
}

/** Recent orders, newest first, each with its (first) goods. */
export async function listOrders(db: Db, filter: OrderFilter) {
  let query = db
    .selectFrom('orders as o')
    .leftJoin('order_goods as g', 'g.order_id', 'o.id')
    .select([
      'o.order_id',
      'o.user_id',
      'o.status',
      'o.charge',
      'o.amount',
      'o.payment',
      'o.created_at',
      'g.goods_type',
      'g.goods_name',
    ])
    .orderBy('o.id', 'desc')
    .limit(filter.limit);
  if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
  if (filter.userId !== undefined) query = query.where('o.user_id', '=', filter.userId);
  return query.execute();
}

export async function findOrderByNumber(db: Db, orderNo: string, { lock = false } = {}) {
  let query = db.selectFrom('orders').selectAll().where('order_id', '=', orderNo);
  if (lock) query = query.forUpdate();
  const order = await query.executeTakeFirst();
  if (!order) throw new OrderOperationError('订单不存在');
  return order;
}

/** One order with its goods, payment events and refunds (refunds: `refunds.ts`). */
export async function orderDetail(db: Db, orderNo: string) {
  const order = await findOrderByNumber(db, orderNo);
  const [goods, events, refunds] = await Promise.all([
    db.selectFrom('order_goods').selectAll().where('order_id', '=', order.id).execute(),
    db.selectFrom('order_payments').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
  ]);
  return { order, goods, events, refunds };
}
