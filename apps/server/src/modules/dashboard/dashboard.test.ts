import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@kezhan/contract/admin/dashboard';
import { ORDER_STATUS } from '@kezhan/contract/order-status';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { addCourse, addVideo } from '../../../test/support/courses';
import type { Db } from '../../shared/db/database';
import { yuanToFen } from '../../shared/money';

// 10:00 on 10 March in Shanghai: that day began at 16:00 UTC on the 9th.
const NOW = new Date('2026-03-10T02:00:00Z');
const at = (iso: string) => new Date(iso);

let serial = 0;
async function addMember(db: Db, createdAt: Date): Promise<number> {
  serial += 1;
  const row = await db
    .insertInto('users')
    .values({
      mobile: `1390000${String(serial).padStart(4, '0')}`,
      nick_name: `看板${serial}`,
      password: '-',
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface OrderSpec {
  userId: number;
  /** Yuan, as the console shows it (stored in fen). */
  amount: number;
  paidAt: Date | null;
  status?: number;
  refunded?: number;
  goods: { type: 'COURSE' | 'ROLE'; id: number; name: string };
}

async function addOrder(db: Db, spec: OrderSpec): Promise<void> {
  serial += 1;
  const created = spec.paidAt ?? NOW;
  const order = await db
    .insertInto('orders')
    .values({
      order_id: `DASH${serial}`,
      user_id: spec.userId,
      charge: yuanToFen(spec.amount),
      amount: yuanToFen(spec.amount),
      status: spec.status ?? ORDER_STATUS.PAID,
      paid_at: spec.paidAt,
      refunded_amount: yuanToFen(spec.refunded ?? 0),
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_goods')
    .values({
      order_id: order.id,
      goods_type: spec.goods.type,
      goods_id: spec.goods.id,
      goods_name: spec.goods.name,
      goods_charge: yuanToFen(spec.amount),
      goods_ori_charge: yuanToFen(spec.amount),
      created_at: created,
    })
    .execute();
}

async function addWatch(db: Db, userId: number, courseId: number, seconds: number, updatedAt: Date) {
  const videoId = await addVideo(db, courseId);
  await db
    .insertInto('video_watch_records')
    .values({
      user_id: userId,
      course_id: courseId,
      video_id: videoId,
      watch_seconds: seconds,
      created_at: updatedAt,
      updated_at: updatedAt,
    })
    .execute();
}

describe('operator console: 数据概览', () => {
  let t: TestApp;
  let finance: AdminClient;
  let support: AdminClient;
  let x: number;
  let y: number;
  let z: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const { db } = t.services;
    finance = await signedInAdmin(t, 'finance', 'cashier');
    support = await signedInAdmin(t, 'support', 'helpdesk');

    const firstToday = await addMember(db, at('2026-03-09T16:00:00Z'));
    const lastYesterday = await addMember(db, at('2026-03-09T15:59:59Z'));
    const earlyMarch = await addMember(db, at('2026-03-01T00:00:00Z'));
    const old = await addMember(db, at('2025-12-01T00:00:00Z'));

    x = await addCourse(db, { title: 'Python 入门' });
    y = await addCourse(db, { title: '数据分析' });
    z = await addCourse(db, { title: '机器学习' });
    const course = (id: number, name: string) => ({ type: 'COURSE' as const, id, name });
    const role = { type: 'ROLE' as const, id: 1, name: '年度会员' };

    // Today: the first second of the Shanghai day, and one partly refunded.
    await addOrder(db, {
      userId: old,
      amount: 100,
      paidAt: at('2026-03-09T16:00:00Z'),
      goods: course(x, '旧名'),
    });
    await addOrder(db, {
      userId: old,
      amount: 200,
      paidAt: at('2026-03-10T01:30:00Z'),
      refunded: 80,
      goods: course(x, 'Python 入门'),
    });
    // Yesterday's last second; a fully refunded order on the 5th.
    await addOrder(db, {
      userId: old,
      amount: 50,
      paidAt: at('2026-03-09T15:59:59Z'),
      goods: course(y, '数据分析'),
    });
    await addOrder(db, {
      userId: old,
      amount: 300,
      paidAt: at('2026-03-05T03:00:00Z'),
      status: ORDER_STATUS.REFUNDED,
      refunded: 300,
      goods: course(y, '数据分析'),
    });
    // The last second before the 7 days; the first second of the 30 days (9 February) and the one before.
    await addOrder(db, { userId: old, amount: 70, paidAt: at('2026-03-03T15:59:59Z'), goods: role });
    await addOrder(db, {
      userId: old,
      amount: 40,
      paidAt: at('2026-02-08T16:00:00Z'),
      goods: course(z, '机器学习'),
    });
    await addOrder(db, {
      userId: old,
      amount: 999,
      paidAt: at('2026-02-08T15:59:59Z'),
      goods: course(z, '机器学习'),
    });
    // Never counted: unpaid, cancelled, and paid after today (the range ends at midnight).
    await addOrder(db, {
      userId: old,
      amount: 500,
      paidAt: null,
      status: ORDER_STATUS.UNPAID,
      goods: course(x, 'x'),
    });
    await addOrder(db, {
      userId: old,
      amount: 600,
      paidAt: null,
      status: ORDER_STATUS.CANCELLED,
      goods: course(x, 'x'),
    });
    await addOrder(db, {
      userId: old,
      amount: 700,
      paidAt: at('2026-03-10T16:00:00Z'),
      goods: course(x, 'x'),
    });

    await addWatch(db, firstToday, x, 600, at('2026-03-09T16:00:00Z'));
    await addWatch(db, lastYesterday, x, 300, at('2026-03-09T15:59:59Z'));
    await addWatch(db, earlyMarch, y, 1000, at('2026-03-08T00:00:00Z'));
    await addWatch(db, old, z, 50, at('2026-02-20T00:00:00Z'));
    await addWatch(db, old, y, 9999, at('2026-01-01T00:00:00Z'));
  });
  afterAll(() => t.close());

  const overview = async (range?: string) => {
    const answer = await finance.request<AdminDashboard>({
      method: 'GET',
      url: `/api/admin/dashboard${range ? `?range=${range}` : ''}`,
    });
    expect(answer.code).toBe(0);
    return answer.data;
  };

  it('today: Shanghai midnight to midnight, by the hour', async () => {
    const today = await overview();
    expect(today).toMatchObject({
      range: 'today',
      time_zone: 'Asia/Shanghai',
      start: '2026-03-09T16:00:00.000Z',
      end: '2026-03-10T16:00:00.000Z',
      bucket: 'hour',
    });
    expect(today.totals).toEqual({
      revenue: 220,
      gross: 300,
      refunded: 80,
      paid_orders: 2,
      new_members: 1,
      active_learners: 1,
    });
    expect(today.series).toHaveLength(24);
    expect(today.series[0]).toEqual({ label: '00:00', revenue: 100, paid_orders: 1, new_members: 1 });
    expect(today.series[9]).toEqual({ label: '09:00', revenue: 120, paid_orders: 1, new_members: 0 });
    expect(today.series.filter((point) => point.paid_orders > 0)).toHaveLength(2);
    // Net of refunds like the revenue tile: ¥100 + (¥200 − ¥80).
    expect(today.top_courses_by_sales).toEqual([
      { course_id: x, title: 'Python 入门', orders: 2, sales: 220 },
    ]);
    expect(today.top_courses_by_watch).toEqual([
      { course_id: x, title: 'Python 入门', learners: 1, watch_seconds: 600 },
    ]);
  });

  it('7 days: today and the six days before, by the day', async () => {
    const week = await overview('7d');
    expect(week.start).toBe('2026-03-03T16:00:00.000Z');
    expect(week.bucket).toBe('day');
    expect(week.totals).toEqual({
      revenue: 270,
      gross: 650,
      refunded: 380,
      paid_orders: 4,
      new_members: 2,
      active_learners: 3,
    });
    expect(week.series.map((point) => point.label)).toEqual([
      '03-04',
      '03-05',
      '03-06',
      '03-07',
      '03-08',
      '03-09',
      '03-10',
    ]);
    expect(week.series[1]).toEqual({ label: '03-05', revenue: 0, paid_orders: 1, new_members: 0 });
    expect(week.series[5]).toEqual({ label: '03-09', revenue: 50, paid_orders: 1, new_members: 1 });
    expect(week.series[6]).toEqual({ label: '03-10', revenue: 220, paid_orders: 2, new_members: 1 });
    // 数据分析's ¥300 order was refunded in full: it counts as an order and ¥0.
    expect(week.top_courses_by_sales).toEqual([
      { course_id: x, title: 'Python 入门', orders: 2, sales: 220 },
      { course_id: y, title: '数据分析', orders: 2, sales: 50 },
    ]);
    expect(week.top_courses_by_watch).toEqual([
      { course_id: y, title: '数据分析', learners: 1, watch_seconds: 1000 },
      { course_id: x, title: 'Python 入门', learners: 2, watch_seconds: 900 },
    ]);
  });

  it('30 days: from 9 February, goods other than courses kept out of the course ranking', async () => {
    const month = await overview('30d');
    expect(month.start).toBe('2026-02-08T16:00:00.000Z');
    expect(month.totals).toEqual({
      revenue: 380,
      gross: 760,
      refunded: 380,
      paid_orders: 6,
      new_members: 3,
      active_learners: 4,
    });
    expect(month.series).toHaveLength(30);
    expect(month.series[0]).toEqual({ label: '02-09', revenue: 40, paid_orders: 1, new_members: 0 });
    expect(month.series.find((point) => point.label === '03-03')).toEqual({
      label: '03-03',
      revenue: 70,
      paid_orders: 1,
      new_members: 0,
    });
    expect(month.top_courses_by_sales.map((row) => [row.title, row.sales])).toEqual([
      ['Python 入门', 220],
      ['数据分析', 50],
      ['机器学习', 40],
    ]);
    expect(month.top_courses_by_watch.map((row) => [row.course_id, row.watch_seconds])).toEqual([
      [y, 1000],
      [x, 900],
      [z, 50],
    ]);
  });

  it('counts an order the moment it is written (the rollups are kept by the writes themselves)', async () => {
    await addOrder(t.services.db, {
      userId: 1,
      amount: 45,
      paidAt: at('2026-03-10T01:45:00Z'),
      goods: { type: 'COURSE', id: z, name: '机器学习' },
    });
    // And one of ¥19.9 refunded ¥9.7 in part: ¥10.2 to the fen in both figures.
    await addOrder(t.services.db, {
      userId: 1,
      amount: 19.9,
      refunded: 9.7,
      paidAt: at('2026-03-10T02:00:00Z'),
      goods: { type: 'COURSE', id: z, name: '机器学习' },
    });
    const month = await overview('30d');
    expect(month.totals).toMatchObject({ revenue: 435.2, gross: 824.9, refunded: 389.7 });
    expect(month.top_courses_by_sales).toEqual([
      { course_id: x, title: 'Python 入门', orders: 2, sales: 220 },
      { course_id: z, title: '机器学习', orders: 3, sales: 95.2 },
      { course_id: y, title: '数据分析', orders: 2, sales: 50 },
    ]);
  });

  it('refuses an unknown range with a Chinese message', async () => {
    const answer = await finance.request({ method: 'GET', url: '/api/admin/dashboard?range=year' });
    expect(answer).toMatchObject({ code: 1, message: '统计范围错误' });
  });

  it('is refused to 客服 and to anyone signed out', async () => {
    const refused = await support.request({ method: 'GET', url: '/api/admin/dashboard' });
    expect(refused).toMatchObject({ code: 403, message: '没有权限执行此操作' });
    const anonymous = await t.request({ method: 'GET', url: '/api/admin/dashboard' });
    expect(anonymous).toMatchObject({ code: 401, message: '请登录' });
  });
});

describe('operator console: 数据概览 of a new site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
  });
  afterAll(() => t.close());

  it('answers zeros and empty rankings', async () => {
    const content = await signedInAdmin(t, 'content', 'editor');
    const answer = await content.request<AdminDashboard>({
      method: 'GET',
      url: '/api/admin/dashboard?range=30d',
    });
    expect(answer.code).toBe(0);
    expect(answer.data.totals).toEqual({
      revenue: 0,
      gross: 0,
      refunded: 0,
      paid_orders: 0,
      new_members: 0,
      active_learners: 0,
    });
    expect(answer.data.series).toHaveLength(30);
    expect(answer.data.series.every((point) => point.revenue === 0 && point.paid_orders === 0)).toBe(true);
    expect(answer.data.top_courses_by_sales).toEqual([]);
    expect(answer.data.top_courses_by_watch).toEqual([]);
  });
});
