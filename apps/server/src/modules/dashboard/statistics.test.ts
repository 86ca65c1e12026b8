import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@kezhan/contract/admin/dashboard';
import type {
  ContentStatistics,
  LessonStatistics,
  MemberStatistics,
  TransactionStatistics,
} from '@kezhan/contract/admin/statistics';
import { ORDER_STATUS } from '@kezhan/contract/order-status';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { addCourse, addVideo } from '../../../test/support/courses';
import { enablePayments, loginMember, orderCourse, orderRow, payTicket } from '../../../test/support/orders';
import type { Db } from '../../shared/db/database';
import { yuanToFen } from '../../shared/money';

// 10:00 on Tuesday 10 March in Shanghai. Weeks begin on Monday: 2 March and 9 March.
const NOW = new Date('2026-03-10T02:00:00Z');
const at = (iso: string) => new Date(iso);

let serial = 0;
async function addMember(db: Db, createdAt: Date): Promise<number> {
  serial += 1;
  const row = await db
    .insertInto('users')
    .values({
      mobile: `1380000${String(serial).padStart(4, '0')}`,
      nick_name: `统计${serial}`,
      password: '-',
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A paid order written as an import writes it: the order paid first, its goods line after. */
async function addPaidOrder(
  db: Db,
  spec: {
    userId: number;
    yuan: number;
    refunded?: number;
    payment: string;
    paidAt: Date;
    goods: ['COURSE' | 'ROLE', number];
  },
) {
  serial += 1;
  const order = await db
    .insertInto('orders')
    .values({
      order_id: `STAT${serial}`,
      user_id: spec.userId,
      charge: yuanToFen(spec.yuan),
      amount: yuanToFen(spec.yuan),
      status: ORDER_STATUS.PAID,
      payment: spec.payment,
      paid_at: spec.paidAt,
      refunded_amount: yuanToFen(spec.refunded ?? 0),
      created_at: spec.paidAt,
      updated_at: spec.paidAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_goods')
    .values({
      order_id: order.id,
      goods_type: spec.goods[0],
      goods_id: spec.goods[1],
      goods_name: '商品',
      goods_charge: yuanToFen(spec.yuan),
      goods_ori_charge: yuanToFen(spec.yuan),
      created_at: spec.paidAt,
    })
    .execute();
  return order.id;
}

async function addWatch(
  db: Db,
  spec: { userId: number; courseId: number; videoId: number; seconds: number; at: Date; finished?: boolean },
) {
  await db
    .insertInto('video_watch_records')
    .values({
      user_id: spec.userId,
      course_id: spec.courseId,
      video_id: spec.videoId,
      watch_seconds: spec.seconds,
      watched_at: spec.finished ? spec.at : null,
      created_at: spec.at,
      updated_at: spec.at,
    })
    .execute();
}

describe('operator console: 统计 over a hand-computed shop', () => {
  let t: TestApp;
  let finance: AdminClient;
  let support: AdminClient;
  let x: number;
  let x1: number;
  let x2: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    const { db } = t.services;
    finance = await signedInAdmin(t, 'finance', 'cashier');
    support = await signedInAdmin(t, 'support', 'helpdesk');
    const a = await addMember(db, at('2026-03-02T01:00:00Z'));
    const b = await addMember(db, at('2026-03-03T01:00:00Z'));
    const c = await addMember(db, at('2026-03-09T16:00:00Z')); // 10 March in Shanghai
    const d = await addMember(db, at('2026-02-20T01:00:00Z'));
    x = await addCourse(db, { title: '=HYPERLINK("http://evil")' });
    const y = await addCourse(db, { title: '数据分析' });
    x1 = await addVideo(db, x, { title: '第一课', published_at: at('2024-01-01T00:00:00Z') });
    x2 = await addVideo(db, x, { title: '第二课', published_at: at('2024-01-02T00:00:00Z') });
    const y1 = await addVideo(db, y, { title: '导论' });

    // ¥19.9 refunded ¥9.7 (2 March), ¥50 VIP (9 March, 23:59:59 in Shanghai), ¥30 (10 March, 00:00),
    // and ¥9.9 on 20 February, before the range.
    await addPaidOrder(db, {
      userId: a,
      yuan: 19.9,
      refunded: 9.7,
      payment: 'alipay',
      paidAt: at('2026-03-02T02:00:00Z'),
      goods: ['COURSE', x],
    });
    await addPaidOrder(db, {
      userId: b,
      yuan: 50,
      payment: 'wechat',
      paidAt: at('2026-03-09T15:59:59Z'),
      goods: ['ROLE', 1],
    });
    await addPaidOrder(db, {
      userId: a,
      yuan: 30,
      payment: 'alipay',
      paidAt: at('2026-03-09T16:00:00Z'),
      goods: ['COURSE', y],
    });
    await addPaidOrder(db, {
      userId: d,
      yuan: 9.9,
      payment: 'handPay',
      paidAt: at('2026-02-20T02:00:00Z'),
      goods: ['COURSE', x],
    });

    await addWatch(db, {
      userId: a,
      courseId: x,
      videoId: x1,
      seconds: 600,
      at: at('2026-03-02T03:00:00Z'),
      finished: true,
    });
    await addWatch(db, { userId: a, courseId: x, videoId: x2, seconds: 120, at: at('2026-03-10T01:00:00Z') });
    await addWatch(db, { userId: b, courseId: x, videoId: x1, seconds: 300, at: at('2026-03-09T03:00:00Z') });
    await addWatch(db, { userId: c, courseId: x, videoId: x1, seconds: 60, at: at('2026-03-10T01:30:00Z') });
    await addWatch(db, { userId: d, courseId: y, videoId: y1, seconds: 999, at: at('2026-02-20T03:00:00Z') });
  });
  afterAll(() => t.close());

  const download = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: finance.cookie } });

  async function read<T>(path: string, client = finance) {
    const answer = await client.request<T>({ method: 'GET', url: `/api/admin/statistics/${path}` });
    expect(answer).toMatchObject({ code: 0 });
    return answer.data;
  }

  it('transactions: revenue net of refunds to the fen, by day, week, gateway and goods type', async () => {
    const days = await read<TransactionStatistics>('transactions?from=2026-03-01&to=2026-03-10');
    expect(days.totals).toEqual({ orders: 3, gross: 99.9, refunded: 9.7, revenue: 90.2 });
    expect(days.series).toHaveLength(10);
    expect(days.series[1]).toEqual({
      period: '2026-03-02',
      orders: 1,
      gross: 19.9,
      refunded: 9.7,
      revenue: 10.2,
    });
    expect(days.series[8]).toEqual({ period: '2026-03-09', orders: 1, gross: 50, refunded: 0, revenue: 50 });
    expect(days.series[9]).toEqual({ period: '2026-03-10', orders: 1, gross: 30, refunded: 0, revenue: 30 });
    expect(days.by_gateway).toEqual([
      { payment: 'wechat', name: '微信扫码支付', orders: 1, gross: 50, refunded: 0, revenue: 50 },
      { payment: 'alipay', name: '支付宝', orders: 2, gross: 49.9, refunded: 9.7, revenue: 40.2 },
    ]);
    expect(days.by_goods_type).toEqual([
      { goods_type: 'ROLE', name: '会员', orders: 1, gross: 50, refunded: 0, revenue: 50 },
      { goods_type: 'COURSE', name: '课程', orders: 2, gross: 49.9, refunded: 9.7, revenue: 40.2 },
    ]);

    // 1 March is a Sunday: its week began in February and is shown from the range's first day.
    const weeks = await read<TransactionStatistics>('transactions?from=2026-03-01&to=2026-03-10&bucket=week');
    expect(weeks.series.map((point) => [point.period, point.revenue])).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 10.2],
      ['2026-03-09', 80],
    ]);
    const months = await read<TransactionStatistics>(
      'transactions?from=2026-02-01&to=2026-03-10&bucket=month',
    );
    expect(months.series.map((point) => [point.period, point.orders, point.revenue])).toEqual([
      ['2026-02-01', 1, 9.9],
      ['2026-03-01', 3, 90.2],
    ]);
  });

  it('members: new, active and paying, and the retention of each weekly cohort', async () => {
    const members = await read<MemberStatistics>('members?from=2026-03-01&to=2026-03-10&bucket=week');
    expect(members.totals).toEqual({ new_members: 3, active_members: 3, paying_members: 2 });
    expect(members.series).toEqual([
      { period: '2026-03-01', new_members: 0, active_members: 0, paying_members: 0 },
      { period: '2026-03-02', new_members: 2, active_members: 1, paying_members: 1 },
      { period: '2026-03-09', new_members: 1, active_members: 3, paying_members: 2 },
    ]);
    // The week of 2 March: A and B joined; A learned that week, both the next.
    expect(members.retention).toEqual({
      cohort_bucket: 'week',
      cohorts: [
        { cohort: '2026-03-02', members: 2, retained: [1, 2] },
        { cohort: '2026-03-09', members: 1, retained: [1] },
      ],
    });
    const monthly = await read<MemberStatistics>('members?from=2026-02-01&to=2026-03-10&bucket=month');
    expect(monthly.retention).toEqual({
      cohort_bucket: 'month',
      cohorts: [
        { cohort: '2026-02-01', members: 1, retained: [1, 0] },
        { cohort: '2026-03-01', members: 3, retained: [3] },
      ],
    });
  });

  it('content: sales, watch time and completion per course; reach and drop-off per lesson', async () => {
    const content = await read<ContentStatistics>('content?from=2026-03-01&to=2026-03-10');
    expect(content.courses.map((row) => row.title)).toEqual(['数据分析', '=HYPERLINK("http://evil")']);
    expect(content.courses[1]).toEqual({
      course_id: x,
      title: '=HYPERLINK("http://evil")',
      orders: 1,
      gross: 19.9,
      refunded: 9.7,
      revenue: 10.2,
      watch_seconds: 1080,
      started: 4,
      completed: 1,
      completion_percent: 25,
    });
    expect(content.courses[0]).toMatchObject({
      revenue: 30,
      watch_seconds: 0,
      started: 0,
      completion_percent: 0,
    });

    const lessons = await read<LessonStatistics>(
      `content/lessons?from=2026-03-01&to=2026-03-10&course_id=${x}`,
    );
    expect(lessons.lessons.map((row) => [row.title, row.watch_seconds, row.started, row.completed])).toEqual([
      ['第一课', 960, 3, 1],
      ['第二课', 120, 1, 0],
    ]);
    expect(lessons.lessons[0]).toMatchObject({
      completion_percent: 33.3,
      reach_percent: 100,
      drop_off_percent: 0,
    });
    expect(lessons.lessons[1]).toMatchObject({
      completion_percent: 0,
      reach_percent: 33.3,
      drop_off_percent: 66.7,
    });
  });

  it('the dashboard shows the same figures as the statistics pages for the same days', async () => {
    for (const [range, from] of [
      ['today', '2026-03-10'],
      ['7d', '2026-03-04'],
      ['30d', '2026-02-09'],
    ]) {
      const dashboard = await finance.request<AdminDashboard>({
        method: 'GET',
        url: `/api/admin/dashboard?range=${range}`,
      });
      const days = `from=${from}&to=2026-03-10`;
      const money = await read<TransactionStatistics>(`transactions?${days}`);
      const members = await read<MemberStatistics>(`members?${days}`);
      const content = await read<ContentStatistics>(`content?${days}`);
      expect(dashboard.data.totals).toEqual({
        revenue: money.totals.revenue,
        gross: money.totals.gross,
        refunded: money.totals.refunded,
        paid_orders: money.totals.orders,
        new_members: members.totals.new_members,
        active_learners: members.totals.active_members,
      });
      if (range !== 'today')
        expect(
          dashboard.data.series.map((point) => [point.revenue, point.paid_orders, point.new_members]),
        ).toEqual(
          money.series.map((point, index) => [
            point.revenue,
            point.orders,
            members.series[index].new_members,
          ]),
        );
      const sold = content.courses.filter((row) => row.orders > 0);
      expect(
        dashboard.data.top_courses_by_sales.map((row) => [row.course_id, row.orders, row.sales]),
      ).toEqual(
        sold.sort((p, q) => q.revenue - p.revenue).map((row) => [row.course_id, row.orders, row.revenue]),
      );
      const watched = content.courses.filter((row) => row.watch_seconds !== 0 || row.started > 0);
      expect(dashboard.data.top_courses_by_watch.map((row) => [row.course_id, row.watch_seconds])).toEqual(
        watched
          .sort((p, q) => q.watch_seconds - p.watch_seconds)
          .map((row) => [row.course_id, row.watch_seconds]),
      );
    }
  });

  it('exports each table as CSV, formulas escaped, and records the export', async () => {
    const response = await download(
      `/api/admin/statistics/export?table=courses&from=2026-03-01&to=2026-03-10`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="statistics-courses-2026-03-01-2026-03-10.csv"',
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF课程ID,课程,支付订单,成交(元),已退款(元),收入(元),观看时长(秒),开始学习,学完,完成率(%)',
    );
    expect(lines[2]).toBe(`${x},"'=HYPERLINK(""http://evil"")",1,19.9,9.7,10.2,1080,4,1,25`);
    for (const table of ['revenue', 'gateways', 'goods_types', 'members', 'retention']) {
      const csv = await download(
        `/api/admin/statistics/export?table=${table}&from=2026-03-01&to=2026-03-10&bucket=week`,
      );
      expect(csv.statusCode).toBe(200);
      expect(csv.body.split('\r\n').length).toBeGreaterThan(2);
    }
    const lessons = await download(
      `/api/admin/statistics/export?table=lessons&from=2026-03-01&to=2026-03-10&course_id=${x}`,
    );
    expect(lessons.body.split('\r\n')[1]).toBe(`${x1},第一课,0,0,0,0,960,3,1,33.3,100,0`);
    const rows = await auditRows(t, 'statistics.export');
    expect(rows.length).toBe(7);
    expect(rows[0]).toMatchObject({ administrator_name: 'cashier', target_type: 'statistics' });
  });

  it('refuses a range over two years, dates that do not exist and a bad bucket, in Chinese', async () => {
    const message = async (path: string) =>
      (await finance.request({ method: 'GET', url: `/api/admin/statistics/${path}` })).message;
    expect(await message('transactions?from=2024-03-11&to=2026-03-10')).toBe('');
    expect(await message('transactions?from=2024-03-10&to=2026-03-10')).toBe('统计范围不能超过两年');
    expect(await message('members?from=2020-01-01&to=2026-03-10')).toBe('统计范围不能超过两年');
    expect(await message('content?from=2026-02-30&to=2026-03-10')).toBe('开始日期格式错误');
    expect(await message('content?from=2026-03-01&to=20260310')).toBe('结束日期格式错误');
    expect(await message('content?to=2026-03-10')).toBe('开始日期格式错误');
    expect(await message('transactions?from=2026-03-10&to=2026-03-01')).toBe('开始日期不能晚于结束日期');
    expect(await message('transactions?from=2026-03-01&to=2026-03-10&bucket=year')).toBe('统计粒度错误');
    expect(await message('content/lessons?from=2026-03-01&to=2026-03-10&course_id=abc')).toBe('课程错误');
    expect(await message('content/lessons?from=2026-03-01&to=2026-03-10&course_id=999999')).toBe(
      '课程不存在',
    );
    expect(await message('export?table=orders&from=2026-03-01&to=2026-03-10')).toBe('导出的表格错误');
    expect(await message('export?table=lessons&from=2026-03-01&to=2026-03-10')).toBe('请选择课程');
  });

  it('is refused to 客服 (no dashboard.view) and to anyone signed out, on every endpoint', async () => {
    const days = 'from=2026-03-01&to=2026-03-10';
    for (const path of [
      `transactions?${days}`,
      `members?${days}`,
      `content?${days}`,
      `content/lessons?${days}&course_id=${x}`,
      `export?${days}&table=revenue`,
    ]) {
      const url = `/api/admin/statistics/${path}`;
      expect(await support.request({ method: 'GET', url })).toMatchObject({
        code: 403,
        message: '没有权限执行此操作',
      });
      expect(await t.request({ method: 'GET', url })).toMatchObject({ code: 401, message: '请登录' });
    }
  });
});

describe('statistics rollups: kept by every write path', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
  });
  afterAll(() => t.close());

  /** Every rollup row, as a sorted list of text lines. */
  async function rollups(db: Db) {
    const tables = [
      'stats_sales_daily',
      'stats_goods_daily',
      'stats_watch_daily',
      'stats_course_watch_daily',
    ];
    const lines: string[] = [];
    for (const table of tables) {
      const result = await sql<{
        line: string;
      }>`select ${sql.lit(table)} || ': ' || r::text as line from ${sql.table(table)} r
        where not (r::text ~ ',0,0,0\\)$')`.execute(db);
      lines.push(...result.rows.map((row) => row.line));
    }
    const bits = await sql<{
      line: string;
    }>`select kind || ' ' || day || ' ' || chunk || ' ' || bit_count(bits) as line
      from stats_member_bits where bit_count(bits) > 0`.execute(db);
    lines.push(...bits.rows.map((row) => row.line));
    return lines.sort();
  }

  it('payment, refund, progress and import writes leave the rollups equal to a computation from the tables', async () => {
    const { db } = t.services;
    await enablePayments(t, 'sandbox');
    const buyer = await loginMember(t, '13811110001');
    const courseId = await addCourse(db, { title: '付费课', charge: yuanToFen(19.9), is_free: 0 });
    const videoId = await addVideo(db, courseId, { duration: 600 });

    // The h5's order, paid through the sandbox gateway's page.
    const order = await orderCourse(t, buyer.token, courseId);
    const ticket = await payTicket(t, buyer.token, order.order_id);
    const redirect = await t.app.inject({
      method: 'GET',
      url: `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=sandbox&payment_scene=h5&scene=h5&ticket=${ticket}&s_url=${encodeURIComponent('http://api.test/order/success')}`,
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: new URL(redirect.headers.location as string).pathname,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);
    expect((await orderRow(t, order.order_id)).status).toBe(ORDER_STATUS.PAID);

    // Progress records through the API: a start, a move forward, the end.
    for (const duration of [60, 200, 600]) {
      const recorded = await t.request({
        method: 'POST',
        url: `/api/v2/video/${videoId}/record`,
        token: buyer.token,
        payload: { duration },
      });
      expect(recorded).toMatchObject({ code: 0 });
    }

    // A partial refund of ¥9.7 from the console, through the gateway.
    const finance = await signedInAdmin(t, 'finance');
    const refunded = await finance.request({
      method: 'POST',
      url: `/api/admin/orders/${order.order_id}/refunds`,
      payload: { amount: 9.7, reason: '部分退款', request_key: 'stats-refund-000001' },
    });
    expect(refunded).toMatchObject({ code: 0 });
    expect((await orderRow(t, order.order_id)).refunded_amount).toBe(970);

    // An import's paid order with its line written after it, then an order deleted.
    const imported = await addPaidOrder(db, {
      userId: buyer.id,
      yuan: 88.8,
      payment: 'handPay',
      paidAt: at('2026-01-05T10:00:00Z'),
      goods: ['COURSE', courseId],
    });
    const gone = await addPaidOrder(db, {
      userId: buyer.id,
      yuan: 10,
      payment: 'alipay',
      paidAt: at('2026-01-06T10:00:00Z'),
      goods: ['ROLE', 1],
    });
    await db.deleteFrom('orders').where('id', '=', gone).execute();
    await db.updateTable('orders').set({ refunded_amount: 1000 }).where('id', '=', imported).execute();

    const kept = await rollups(db);
    expect(kept.some((line) => line.startsWith('stats_sales_daily: (2026-03-10,sandbox,1,1990,970)'))).toBe(
      true,
    );
    expect(kept).toContain('stats_watch_daily: (2026-03-10,' + videoId + ',' + courseId + ',600,1,1)');
    await sql`select stats_rebuild()`.execute(db);
    expect(await rollups(db)).toEqual(kept);
  });
});
