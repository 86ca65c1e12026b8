import { randomBytes } from 'node:crypto';
import type { Updateable } from 'kysely';
import type { CreatedOrder, PaymentMethod, PayTicket } from '@kezhan/contract/orders';
import type { TestApp } from '../test-app';
import type { OrdersTable } from '../../src/modules/orders/tables';
import { yuanToFen } from '../../src/shared/money';

/**
 * Rows the order tests need, written straight to the database. Prices and promo values are given
 * in yuan, as the API shows them (`charge: 19.9`), and stored in fen like every money column.
 */
export async function memberId(t: TestApp, mobile: string): Promise<number> {
  const row = await t.services.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createRole(
  t: TestApp,
  values: {
    name?: string;
    charge?: number;
    expire_days?: number;
    weight?: number;
    description?: string;
    is_show?: number;
  } = {},
): Promise<number> {
  const row = await t.services.db
    .insertInto('roles')
    .values({ name: '月度会员', expire_days: 30, ...values, charge: yuanToFen(values.charge ?? 30) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createCourse(
  t: TestApp,
  values: {
    title?: string;
    charge?: number;
    published_at?: Date | null;
    deleted_at?: Date | null;
    is_free?: number;
  } = {},
): Promise<number> {
  const row = await t.services.db
    .insertInto('courses')
    .values({
      title: '付费课程',
      slug: `course-${randomBytes(6).toString('hex')}`,
      thumb: 'https://cdn.example/c.png',
      published_at: new Date(Date.now() - 86_400_000),
      ...values,
      charge: yuanToFen(values.charge ?? 99),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createPromo(
  t: TestApp,
  values: {
    code?: string;
    user_id?: number | null;
    invited_user_reward?: number;
    invite_user_reward?: number;
    use_times?: number;
    used_times?: number;
    expired_at?: Date | null;
  } = {},
): Promise<string> {
  const code = values.code ?? `P${randomBytes(4).toString('hex').toUpperCase()}`;
  await t.services.db
    .insertInto('promo_codes')
    .values({
      user_id: null,
      expired_at: null,
      ...values,
      invited_user_reward: yuanToFen(values.invited_user_reward ?? 10),
      invite_user_reward: yuanToFen(values.invite_user_reward ?? 0),
      code,
    })
    .execute();
  return code;
}

/** Rewrites an order row directly, e.g. to age it or to put it in another state. */
export async function updateOrder(
  t: TestApp,
  orderNo: string,
  values: Updateable<OrdersTable>,
): Promise<void> {
  await t.services.db.updateTable('orders').set(values).where('order_id', '=', orderNo).execute();
}

export async function orderRow(t: TestApp, orderNo: string) {
  return t.services.db
    .selectFrom('orders')
    .selectAll()
    .where('order_id', '=', orderNo)
    .executeTakeFirstOrThrow();
}

export interface LoggedInMember {
  id: number;
  token: string;
}

/** Logs a member in by SMS and looks up their id. */
export async function loginMember(t: TestApp, mobile: string): Promise<LoggedInMember> {
  const token = await t.loginBySms(mobile);
  return { id: await memberId(t, mobile), token };
}

/** Turns on payment gateways by sign, e.g. `enablePayments(t, 'alipay')`. */
export async function enablePayments(t: TestApp, ...signs: string[]): Promise<void> {
  for (const sign of signs) await t.services.settings.set(`payment.${sign}.enabled`, '1');
}

/** POSTs as the member and answers the envelope's data. */
async function postAsMember<T>(t: TestApp, token: string, url: string, payload: object): Promise<T> {
  return (await t.request<T>({ method: 'POST', url, payload, token })).data;
}

/** Places an order for a VIP plan through the API, as the member. */
export function orderRole(t: TestApp, token: string, roleId: number): Promise<CreatedOrder> {
  return postAsMember(t, token, '/api/v2/order/role', { role_id: roleId });
}

/** Places an order for a course through the API, as the member. */
export function orderCourse(t: TestApp, token: string, courseId: number): Promise<CreatedOrder> {
  return postAsMember(t, token, '/api/v2/order/course', { course_id: courseId });
}

/** Asks for the single-use ticket that opens the payment redirect of an order. */
export async function payTicket(t: TestApp, token: string, orderNo: string): Promise<string> {
  return (await postAsMember<PayTicket>(t, token, '/api/v3/order/pay/ticket', { order_id: orderNo })).ticket;
}

/** Switches an order to manual transfer (handPay), as the member. */
export async function chooseHandPay(t: TestApp, token: string, orderNo: string): Promise<void> {
  await postAsMember(t, token, '/api/v3/order/pay/handPay', { order_id: orderNo });
}

/** The payment methods offered to the member in a scene (h5: mobile browser, wechat: inside WeChat). */
export async function offeredPayments(
  t: TestApp,
  token: string,
  scene: 'h5' | 'wechat',
): Promise<PaymentMethod[]> {
  const res = await t.request<PaymentMethod[]>({
    method: 'GET',
    url: `/api/v2/order/payments?scene=${scene}`,
    token,
  });
  return res.data;
}

export async function memberRow(t: TestApp, userId: number) {
  return t.services.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
}

/** The "order paid" messages a member has received for one order. */
export async function paidMessages(t: TestApp, userId: number, orderNo: string) {
  return t.services.db
    .selectFrom('notifications')
    .select('message')
    .where('user_id', '=', userId)
    .where('message', '=', `订单${orderNo}已支付`)
    .execute();
}
