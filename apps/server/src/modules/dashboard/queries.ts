import { sql } from 'kysely';
import { ORDER_STATUS } from '@kezhan/contract/order-status';
import type { AdminDashboard, DashboardRange } from '@kezhan/contract/admin/dashboard';
import type { Db } from '../../shared/db/database';
import { chinaDayStart, rawDateTime } from '../../shared/time';
import { fenToYuan } from '../../shared/money';
import {
  chinaDate,
  courseWatch,
  DAY_MS,
  goodsSales,
  membersByPeriod,
  memberTotals,
  salesByPeriod,
  salesTotals,
  type StatsRange,
} from './statistics';

const HOUR_MS = 3600 * 1000;
const RANGE_DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };
const TOP = 10;
/** Orders that were paid: a fully refunded order keeps its `paid_at`. */
const PAID_STATUSES = [ORDER_STATUS.PAID, ORDER_STATUS.REFUNDED];

interface DashboardWindow {
  range: DashboardRange;
  start: Date;
  end: Date;
  /** The same range as Shanghai days, for the statistics' query layer. */
  days: StatsRange;
  bucket: 'hour' | 'day';
  bucketMs: number;
  buckets: number;
}

/** [start, end) of a range in Shanghai days, today included; today is charted by the hour. */
export function dashboardWindow(range: DashboardRange, now: Date): DashboardWindow {
  const today = chinaDayStart(now);
  const days = RANGE_DAYS[range];
  const start = new Date(today.getTime() - (days - 1) * DAY_MS);
  const end = new Date(today.getTime() + DAY_MS);
  const bucket = range === 'today' ? 'hour' : 'day';
  const bucketMs = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const buckets = (end.getTime() - start.getTime()) / bucketMs;
  return {
    range,
    start,
    end,
    days: { first: chinaDate(start), last: chinaDate(today) },
    bucket,
    bucketMs,
    buckets,
  };
}

/** The hour of today a timestamp column falls in (the rollups are daily: today's chart reads the rows). */
const hourOf = (column: string, w: DashboardWindow) =>
  sql<number>`floor(extract(epoch from (${sql.ref(column)} - ${w.start}::timestamptz)) / 3600)::int`;

/** Today's paid orders per hour. */
function ordersByHour(db: Db, w: DashboardWindow) {
  return db
    .selectFrom('orders')
    .select([
      hourOf('paid_at', w).as('bucket'),
      sql<number>`count(*)::int`.as('paid_orders'),
      sql<number>`(coalesce(sum(amount), 0) - coalesce(sum(refunded_amount), 0))::bigint`.as('revenue'),
    ])
    .where('status', 'in', PAID_STATUSES)
    .where('paid_at', '>=', w.start)
    .where('paid_at', '<', w.end)
    .groupBy(sql`1`);
}

/** Today's registrations per hour. */
function membersByHour(db: Db, w: DashboardWindow) {
  return db
    .selectFrom('users')
    .select([hourOf('created_at', w).as('bucket'), sql<number>`count(*)::int`.as('new_members')])
    .where('created_at', '>=', w.start)
    .where('created_at', '<', w.end)
    .groupBy(sql`1`);
}

/**
 * The chart's points: today's hours from the orders and registrations themselves, a week's or a
 * month's days from the statistics' rollups.
 */
async function dashboardSeries(db: Db, w: DashboardWindow) {
  const points = Array.from({ length: w.buckets }, (_, index) => {
    const at = rawDateTime(new Date(w.start.getTime() + index * w.bucketMs)) ?? '';
    return {
      day: at.slice(0, 10),
      label: w.bucket === 'hour' ? `${at.slice(11, 13)}:00` : at.slice(5, 10),
      revenue: 0,
      paid_orders: 0,
      new_members: 0,
    };
  });
  if (w.bucket === 'hour') {
    const orders = await ordersByHour(db, w).execute();
    const members = await membersByHour(db, w).execute();
    for (const row of orders) {
      points[row.bucket].revenue = Number(row.revenue);
      points[row.bucket].paid_orders = row.paid_orders;
    }
    for (const row of members) points[row.bucket].new_members = row.new_members;
  } else {
    const byDay = new Map(points.map((point) => [point.day, point]));
    for (const row of await salesByPeriod(db, w.days, 'day')) {
      const point = byDay.get(row.period);
      if (!point) continue;
      point.revenue = row.paid - row.refunded;
      point.paid_orders = row.orders;
    }
    for (const [day, figures] of await membersByPeriod(db, w.days, 'day')) {
      const point = byDay.get(day);
      if (point) point.new_members = figures.joined;
    }
  }
  // Summed in fen above; the console reads yuan.
  return points.map(({ label, revenue, paid_orders, new_members }) => ({
    label,
    revenue: fenToYuan(revenue),
    paid_orders,
    new_members,
  }));
}

/** The ten courses that brought in most, net of refunds (an order paid ¥15 and refunded in full counts ¥0). */
async function topCoursesBySales(db: Db, w: DashboardWindow) {
  const sold = await goodsSales(db, w.days, 'COURSE', { limit: TOP });
  const titles = await courseTitles(
    db,
    sold.map((row) => row.goods_id),
  );
  return sold.map((row) => ({
    course_id: row.goods_id,
    title: titles.get(row.goods_id) ?? '（已删除的课程）',
    orders: row.orders,
    sales: fenToYuan(row.paid - row.refunded),
  }));
}

/**
 * The ten most watched courses (seconds the positions moved forward in the range); their
 * learners are the members whose records of the course moved in it, each course through its own
 * index range.
 */
async function topCoursesByWatch(db: Db, w: DashboardWindow) {
  const watched = await courseWatch(db, w.days, TOP);
  const ids = watched.map((row) => row.course_id);
  const titles = await courseTitles(db, ids);
  // One query, each course through its own range of the (course_id, updated_at) index.
  const counted =
    ids.length === 0
      ? []
      : await db
          .selectFrom('video_watch_records')
          .select(['course_id', sql<number>`count(distinct user_id)::int`.as('learners')])
          .where('course_id', 'in', ids)
          .where('updated_at', '>=', w.start)
          .where('updated_at', '<', w.end)
          .groupBy('course_id')
          .execute();
  const learners = new Map(counted.map((row) => [row.course_id, row.learners]));
  return watched
    .filter((row) => titles.has(row.course_id))
    .map((row) => ({
      course_id: row.course_id,
      title: titles.get(row.course_id) ?? '',
      learners: learners.get(row.course_id) ?? 0,
      watch_seconds: row.seconds,
    }));
}

async function courseTitles(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.selectFrom('courses').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** The figures of one range: the same functions as the statistics pages, over the same rollups. */
export async function dashboardOverview(db: Db, range: DashboardRange, now: Date): Promise<AdminDashboard> {
  const w = dashboardWindow(range, now);
  // PGlite has one connection: these run one after another there, side by side on PostgreSQL.
  const [sales, members, series, bySales, byWatch] = await Promise.all([
    salesTotals(db, w.days),
    memberTotals(db, w.days),
    dashboardSeries(db, w),
    topCoursesBySales(db, w),
    topCoursesByWatch(db, w),
  ]);
  return {
    range,
    time_zone: 'Asia/Shanghai',
    start: w.start.toISOString(),
    end: w.end.toISOString(),
    bucket: w.bucket,
    totals: {
      revenue: fenToYuan(sales.paid - sales.refunded),
      gross: fenToYuan(sales.paid),
      refunded: fenToYuan(sales.refunded),
      paid_orders: sales.orders,
      new_members: members.joined,
      active_learners: members.active,
    },
    series,
    top_courses_by_sales: bySales,
    top_courses_by_watch: byWatch,
  };
}
