import { sql } from 'kysely';
import type { AdminDashboard, DashboardRange } from '@kezhan/contract/admin/dashboard';
import type { Db } from '../../shared/db/database';
import { chinaDayStart, rawDateTime } from '../../shared/time';
import { fenToYuan } from '../../shared/money';
import {
  chinaDate,
  chinaDayBegins,
  courseSalesRolledThrough,
  courseShare,
  DAY_MS,
  PAID_STATUSES,
} from './rollup';

const HOUR_MS = 3600 * 1000;
const RANGE_DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };
const TOP = 10;

interface DashboardWindow {
  range: DashboardRange;
  start: Date;
  end: Date;
  bucket: 'hour' | 'day';
  bucketMs: number;
  buckets: number;
  /** The last day of `course_sales_daily` (null before the rollup's first run). */
  salesRolledThrough: string | null;
}

/** [start, end) of a range in Shanghai days, today included; today is charted by the hour. */
export function dashboardWindow(
  range: DashboardRange,
  now: Date,
  salesRolledThrough: string | null,
): DashboardWindow {
  const today = chinaDayStart(now);
  const days = RANGE_DAYS[range];
  const start = new Date(today.getTime() - (days - 1) * DAY_MS);
  const end = new Date(today.getTime() + DAY_MS);
  const bucket = range === 'today' ? 'hour' : 'day';
  const bucketMs = bucket === 'hour' ? HOUR_MS : DAY_MS;
  const buckets = (end.getTime() - start.getTime()) / bucketMs;
  return { range, start, end, bucket, bucketMs, buckets, salesRolledThrough };
}

/** The bucket number of a timestamp column: Shanghai days (or hours) since the range's start. */
const bucketOf = (column: string, w: DashboardWindow) =>
  sql<number>`floor(extract(epoch from (${sql.ref(column)} - ${w.start}::timestamptz)) / ${w.bucketMs / 1000}::int)::int`;

/** Paid orders, their amount and what has been refunded of them, per bucket. */
function ordersByBucket(db: Db, w: DashboardWindow) {
  return db
    .selectFrom('orders')
    .select([
      bucketOf('paid_at', w).as('bucket'),
      sql<number>`count(*)::int`.as('paid_orders'),
      sql<number>`coalesce(sum(amount), 0)::bigint`.as('gross'),
      sql<number>`coalesce(sum(refunded_amount), 0)::bigint`.as('refunded'),
    ])
    .where('status', 'in', PAID_STATUSES)
    .where('paid_at', '>=', w.start)
    .where('paid_at', '<', w.end)
    .groupBy(sql`1`);
}

function membersByBucket(db: Db, w: DashboardWindow) {
  return db
    .selectFrom('users')
    .select([bucketOf('created_at', w).as('bucket'), sql<number>`count(*)::int`.as('new_members')])
    .where('created_at', '>=', w.start)
    .where('created_at', '<', w.end)
    .groupBy(sql`1`);
}

function activeLearners(db: Db, w: DashboardWindow) {
  return db
    .selectFrom('video_watch_records')
    .select(sql<number>`count(distinct user_id)::int`.as('learners'))
    .where('updated_at', '>=', w.start)
    .where('updated_at', '<', w.end);
}

/**
 * Courses by what their orders of the range brought in, net of refunds like the revenue tile (an
 * order paid ¥15 and refunded in full counts ¥0): what was paid comes from the daily rollup for the
 * complete days and from the orders for the rest (today, or whatever the job has not reached yet);
 * what has been refunded of those orders, whenever, is read live (few orders, a partial index).
 */
function topCoursesBySales(db: Db, w: DashboardWindow) {
  const covered = w.salesRolledThrough ? chinaDayBegins(w.salesRolledThrough).getTime() + DAY_MS : 0;
  const liveFrom = new Date(Math.min(w.end.getTime(), Math.max(w.start.getTime(), covered)));
  const rolled = db
    .selectFrom('course_sales_daily')
    .select(['course_id', 'orders', 'sales'])
    .where('day', '>=', chinaDate(w.start))
    .where('day', '<', chinaDate(liveFrom));
  const live = db
    .selectFrom('orders as o')
    .innerJoin('order_goods as g', 'g.order_id', 'o.id')
    .select([
      'g.goods_id as course_id',
      sql<number>`count(*)::int`.as('orders'),
      sql<number>`sum(${courseShare('amount')})::bigint`.as('sales'),
    ])
    .where('o.status', 'in', PAID_STATUSES)
    .where('o.paid_at', '>=', liveFrom)
    .where('o.paid_at', '<', w.end)
    .where('g.goods_type', '=', 'COURSE')
    .groupBy('g.goods_id');
  const refunded = db
    .selectFrom('orders as o')
    .innerJoin('order_goods as g', 'g.order_id', 'o.id')
    .select([
      'g.goods_id as course_id',
      sql<number>`0`.as('orders'),
      sql<number>`-sum(${courseShare('refunded_amount')})::bigint`.as('sales'),
    ])
    .where('o.status', 'in', PAID_STATUSES)
    .where('o.refunded_amount', '>', 0)
    .where('o.paid_at', '>=', w.start)
    .where('o.paid_at', '<', w.end)
    .where('g.goods_type', '=', 'COURSE')
    .groupBy('g.goods_id');
  const sold = db
    .selectFrom(rolled.unionAll(live).unionAll(refunded).as('u'))
    .select([
      'u.course_id',
      sql<number>`sum(u.orders)::int`.as('orders'),
      sql<number>`sum(u.sales)::bigint`.as('sales'),
    ])
    .groupBy('u.course_id')
    .orderBy('sales', 'desc')
    .orderBy('u.course_id')
    .limit(TOP);
  return db
    .selectFrom(sold.as('s'))
    .leftJoin('courses as c', 'c.id', 's.course_id')
    .select([
      's.course_id',
      sql<string>`coalesce(c.title, '（已删除的课程）')`.as('title'),
      's.orders',
      's.sales',
    ])
    .orderBy('s.sales', 'desc')
    .orderBy('s.course_id');
}

/**
 * Courses by seconds watched. A watch record holds one member's position in one video, so the
 * figure is the watched seconds of the records that moved in the range. The learners are counted
 * for the ten courses only, each through its own index range.
 */
function topCoursesByWatch(db: Db, w: DashboardWindow) {
  const watched = db
    .selectFrom('video_watch_records')
    .select(['course_id', sql<number>`sum(watch_seconds)::bigint`.as('watch_seconds')])
    .where('updated_at', '>=', w.start)
    .where('updated_at', '<', w.end)
    .groupBy('course_id')
    .orderBy('watch_seconds', 'desc')
    .orderBy('course_id')
    .limit(TOP);
  return db
    .selectFrom(watched.as('w'))
    .innerJoin('courses as c', 'c.id', 'w.course_id')
    .select((eb) => [
      'w.course_id',
      'c.title',
      eb
        .selectFrom('video_watch_records as r')
        .select(sql<number>`count(distinct r.user_id)::int`.as('learners'))
        .whereRef('r.course_id', '=', 'w.course_id')
        .where('r.updated_at', '>=', w.start)
        .where('r.updated_at', '<', w.end)
        .$asScalar()
        .$notNull()
        .as('learners'),
      'w.watch_seconds',
    ])
    .orderBy('w.watch_seconds', 'desc')
    .orderBy('w.course_id');
}

/**
 * Runs a dashboard read with PostgreSQL's parallel workers off. Each read is an index range of at
 * most a few hundred thousand entries, done serially in tens of milliseconds; starting workers on a
 * busy server costs more than they save (the 30-day watch ranking on a million-order shop: about
 * 250 ms with two workers, 70 ms without).
 */
export function serially<T>(db: Db, read: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return read(trx);
  });
}

/** Every query of the dashboard, by name (the bench times each one). */
export const DASHBOARD_QUERIES = {
  ordersByBucket,
  membersByBucket,
  activeLearners,
  topCoursesBySales,
  topCoursesByWatch,
};

/** The figures of one range, each aggregated by the database (the dashboard's one read). */
export async function dashboardOverview(db: Db, range: DashboardRange, now: Date): Promise<AdminDashboard> {
  const w = dashboardWindow(range, now, await courseSalesRolledThrough(db));
  // PGlite has one connection: these run one after another there, side by side on PostgreSQL.
  const [orders, members, learners, bySales, byWatch] = await Promise.all([
    serially(db, (trx) => ordersByBucket(trx, w).execute()),
    serially(db, (trx) => membersByBucket(trx, w).execute()),
    serially(db, (trx) => activeLearners(trx, w).executeTakeFirstOrThrow()),
    serially(db, (trx) => topCoursesBySales(trx, w).execute()),
    serially(db, (trx) => topCoursesByWatch(trx, w).execute()),
  ]);
  const series = Array.from({ length: w.buckets }, (_, index) => {
    const at = rawDateTime(new Date(w.start.getTime() + index * w.bucketMs)) ?? '';
    return {
      label: w.bucket === 'hour' ? `${at.slice(11, 13)}:00` : at.slice(5, 10),
      revenue: 0,
      paid_orders: 0,
      new_members: 0,
    };
  });
  const totals = {
    revenue: 0,
    gross: 0,
    refunded: 0,
    paid_orders: 0,
    new_members: 0,
    active_learners: learners.learners,
  };
  for (const row of orders) {
    const point = series[row.bucket];
    point.revenue = row.gross - row.refunded;
    point.paid_orders = row.paid_orders;
    totals.gross += row.gross;
    totals.refunded += row.refunded;
    totals.paid_orders += row.paid_orders;
  }
  totals.revenue = totals.gross - totals.refunded;
  for (const row of members) {
    series[row.bucket].new_members = row.new_members;
    totals.new_members += row.new_members;
  }
  // Summed in fen above; the console reads yuan.
  for (const point of series) point.revenue = fenToYuan(point.revenue);
  const totalsInYuan = {
    ...totals,
    revenue: fenToYuan(totals.revenue),
    gross: fenToYuan(totals.gross),
    refunded: fenToYuan(totals.refunded),
  };
  return {
    range,
    time_zone: 'Asia/Shanghai',
    start: w.start.toISOString(),
    end: w.end.toISOString(),
    bucket: w.bucket,
    totals: totalsInYuan,
    series,
    top_courses_by_sales: bySales.map((course) => ({ ...course, sales: fenToYuan(Number(course.sales)) })),
    top_courses_by_watch: byWatch,
  };
}
