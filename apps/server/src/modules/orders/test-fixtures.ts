import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../test/test-app';

/** Rows the order tests need, written straight to the database. */
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
    .values({ name: '月度会员', charge: 30, expire_days: 30, ...values })
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
      charge: 99,
      published_at: new Date(Date.now() - 86_400_000),
      ...values,
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
    .values({ user_id: null, invited_user_reward: 10, expired_at: null, ...values, code })
    .execute();
  return code;
}

export async function orderRow(t: TestApp, orderNo: string) {
  return t.services.db
    .selectFrom('orders')
    .selectAll()
    .where('order_id', '=', orderNo)
    .executeTakeFirstOrThrow();
}
