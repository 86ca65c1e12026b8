import { sql, type RawBuilder } from 'kysely';
import type { StatisticsBucket } from '@kezhan/contract/admin/statistics';
import type { Db } from '../../shared/db/database';

/**
 * The one query layer of the console's figures: the dashboard (数据概览) and the statistics pages
 * (统计) read revenue, members and learning through these functions, from the daily rollups that
 * migration 0260's triggers keep (so a two-year range reads a few thousand rows). Money is fen.
 */

/** Shanghai days `YYYY-MM-DD`, both inclusive. */
export interface StatsRange {
  first: string;
  last: string;
}

export const DAY_MS = 24 * 3600 * 1000;
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** `YYYY-MM-DD` of the Shanghai day holding `value`. */
export const chinaDate = (value: Date) =>
  new Date(value.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The first day of the bucket holding `day` (weeks begin on Monday). */
function bucketStart(day: string, bucket: StatisticsBucket): string {
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  if (bucket === 'day') return day;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every bucket of the range, by its first day in the range (the first one may start earlier). */
export function periodsOf(range: StatsRange, bucket: StatisticsBucket): string[] {
  const periods: string[] = [];
  let start = bucketStart(range.first, bucket);
  while (start <= range.last) {
    periods.push(start < range.first ? range.first : start);
    const next =
      bucket === 'day'
        ? addDays(start, 1)
        : bucket === 'week'
          ? addDays(start, 7)
          : `${new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 1)).toISOString().slice(0, 10)}`;
    start = next;
  }
  return periods;
}

/** The SQL of a rollup row's period: its bucket's first day, never before the range's first. */
function periodOf(bucket: StatisticsBucket | null, range: StatsRange): RawBuilder<string> {
  if (bucket === null) return sql<string>`${range.first}::text`;
  if (bucket === 'day') return sql<string>`day::text`;
  return sql<string>`greatest(date_trunc(${bucket}, day::timestamp)::date, ${range.first}::date)::text`;
}

/**
 * Runs a read with PostgreSQL's parallel workers off: each one reads a few thousand rollup rows,
 * done serially in milliseconds, while starting workers on a busy server costs far more.
 */
function serially<T>(db: Db, query: RawBuilder<T>) {
  return db.transaction().execute(async (trx) => {
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return query.execute(trx);
  });
}

const inRange = (range: StatsRange) => sql<boolean>`day between ${range.first}::date and ${range.last}::date`;

export interface SalesFigures {
  orders: number;
  paid: number;
  refunded: number;
}

const salesSums = sql`sum(orders)::int as orders, sum(paid)::bigint as paid, sum(refunded)::bigint as refunded`;

/** Paid orders (refunds of them included) per period of the range; no row for an empty period. */
export async function salesByPeriod(db: Db, range: StatsRange, bucket: StatisticsBucket | null) {
  const period = periodOf(bucket, range);
  const result = await serially(
    db,
    sql<SalesFigures & { period: string }>`
    select ${period} as period, ${salesSums} from stats_sales_daily
    where ${inRange(range)} group by 1 order by 1`,
  );
  return result.rows.map(asSales);
}

/** The range's totals (zero when nothing was paid). */
export async function salesTotals(db: Db, range: StatsRange): Promise<SalesFigures> {
  const [row] = await salesByPeriod(db, range, null);
  return row ?? { orders: 0, paid: 0, refunded: 0 };
}

export async function salesByGateway(db: Db, range: StatsRange) {
  const result = await serially(
    db,
    sql<SalesFigures & { payment: string }>`
    select payment, ${salesSums} from stats_sales_daily
    where ${inRange(range)} group by payment having sum(orders) <> 0 order by sum(paid - refunded) desc, payment`,
  );
  return result.rows.map(asSales);
}

export async function salesByGoodsType(db: Db, range: StatsRange) {
  const result = await serially(
    db,
    sql<SalesFigures & { goods_type: string }>`
    select goods_type, ${salesSums} from stats_goods_daily
    where ${inRange(range)} group by goods_type having sum(orders) <> 0 order by sum(paid - refunded) desc, goods_type`,
  );
  return result.rows.map(asSales);
}

/**
 * What each goods of a type (COURSE: courses, VIDEO: lessons) sold in the range, best net first;
 * `limit` for a ranking, `goodsIds` for the lessons of one course.
 */
export async function goodsSales(
  db: Db,
  range: StatsRange,
  goodsType: string,
  options: { limit?: number; goodsIds?: number[] } = {},
) {
  if (options.goodsIds && options.goodsIds.length === 0) return [];
  const only = options.goodsIds ? sql`and goods_id = any(${options.goodsIds}::int[])` : sql``;
  const limit = options.limit ? sql`limit ${options.limit}` : sql``;
  const result = await serially(
    db,
    sql<SalesFigures & { goods_id: number }>`
    select goods_id, ${salesSums} from stats_goods_daily
    where goods_type = ${goodsType} and ${inRange(range)} ${only}
    group by goods_id having sum(orders) <> 0
    order by sum(paid - refunded) desc, goods_id ${limit}`,
  );
  return result.rows.map(asSales);
}

export interface WatchFigures {
  seconds: number;
  started: number;
  completed: number;
}

const watchSums = sql`sum(seconds)::bigint as seconds, sum(started)::int as started, sum(completed)::int as completed`;

/** Learning per course in the range, most watched first; `limit` for a ranking. */
export async function courseWatch(db: Db, range: StatsRange, limit?: number) {
  const result = await serially(
    db,
    sql<WatchFigures & { course_id: number }>`
    select course_id, ${watchSums} from stats_course_watch_daily
    where ${inRange(range)} group by course_id
    order by sum(seconds) desc, course_id ${limit ? sql`limit ${limit}` : sql``}`,
  );
  return result.rows.map(asWatch);
}

/** Learning per lesson of one course in the range. */
export async function lessonWatch(db: Db, range: StatsRange, courseId: number) {
  const result = await serially(
    db,
    sql<WatchFigures & { video_id: number }>`
    select video_id, ${watchSums} from stats_watch_daily
    where course_id = ${courseId} and ${inRange(range)} group by video_id`,
  );
  return result.rows.map(asWatch);
}

export interface MemberFigures {
  joined: number;
  active: number;
  paying: number;
}

/**
 * Distinct members who joined, learned and paid in each period (null: the whole range): each
 * chunk's day bitmaps of the period are ORed, then their bits counted.
 */
export async function membersByPeriod(db: Db, range: StatsRange, bucket: StatisticsBucket | null) {
  const period = periodOf(bucket, range);
  // A day is one row per chunk already: its bits are counted without an OR.
  const result =
    bucket === 'day'
      ? await serially(
          db,
          sql<{ period: string; kind: keyof MemberFigures; members: number }>`
          select day::text as period, kind, sum(bit_count(bits))::int as members from stats_member_bits
          where ${inRange(range)} group by 1, 2`,
        )
      : await serially(
          db,
          sql<{ period: string; kind: keyof MemberFigures; members: number }>`
          select period, kind, sum(bit_count(bits))::int as members from (
            select ${period} as period, kind, chunk, bit_or(bits) as bits from stats_member_bits
            where ${inRange(range)} group by 1, 2, 3
          ) s group by 1, 2`,
        );
  const byPeriod = new Map<string, MemberFigures>();
  for (const row of result.rows) {
    const figures = byPeriod.get(row.period) ?? { joined: 0, active: 0, paying: 0 };
    figures[row.kind] = Number(row.members);
    byPeriod.set(row.period, figures);
  }
  return byPeriod;
}

export async function memberTotals(db: Db, range: StatsRange): Promise<MemberFigures> {
  return (await membersByPeriod(db, range, null)).get(range.first) ?? { joined: 0, active: 0, paying: 0 };
}

/**
 * Retention by cohort: the members who joined in each period of the range, and how many of them
 * learned in each period from theirs to the range's end (bitmap AND per chunk).
 */
export async function retentionByCohort(db: Db, range: StatsRange, bucket: 'week' | 'month') {
  const period = periodOf(bucket, range);
  const result = await serially(
    db,
    sql<{ cohort: string; period: string | null; members: number }>`
    with cohorts as (
      select ${period} as period, chunk, bit_or(bits) as bits from stats_member_bits
      where kind = 'joined' and ${inRange(range)} group by 1, 2
    ), learning as (
      select ${period} as period, chunk, bit_or(bits) as bits from stats_member_bits
      where kind = 'active' and ${inRange(range)} group by 1, 2
    )
    select c.period as cohort, null as period, sum(bit_count(c.bits))::int as members from cohorts c group by 1
    union all
    select c.period, l.period, sum(bit_count(c.bits & l.bits))::int from cohorts c
      join learning l on l.chunk = c.chunk and l.period >= c.period
      group by 1, 2`,
  );
  const periods = periodsOf(range, bucket);
  const cohorts = new Map<string, { cohort: string; members: number; retained: number[] }>();
  for (const row of result.rows) {
    if (row.period !== null) continue;
    const offset = periods.indexOf(row.cohort);
    cohorts.set(row.cohort, {
      cohort: row.cohort,
      members: Number(row.members),
      retained: new Array<number>(periods.length - offset).fill(0),
    });
  }
  for (const row of result.rows) {
    if (row.period === null) continue;
    const cohort = cohorts.get(row.cohort);
    if (!cohort) continue;
    cohort.retained[periods.indexOf(row.period) - periods.indexOf(row.cohort)] = Number(row.members);
  }
  return [...cohorts.values()].filter((c) => c.members > 0).sort((a, b) => a.cohort.localeCompare(b.cohort));
}

// node-postgres answers bigint sums as text.
function asSales<T extends SalesFigures>(row: T): T {
  return { ...row, orders: Number(row.orders), paid: Number(row.paid), refunded: Number(row.refunded) };
}
function asWatch<T extends WatchFigures>(row: T): T {
  return {
    ...row,
    seconds: Number(row.seconds),
    started: Number(row.started),
    completed: Number(row.completed),
  };
}
