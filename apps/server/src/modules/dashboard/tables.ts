import type { ColumnType } from 'kysely';

/** A `date` column, written and read as `YYYY-MM-DD` text (cast on read). */
type Day = ColumnType<string, string, string>;

/**
 * The rollups of migration 0260, written only by its triggers (and `stats_rebuild()`); read with
 * raw SQL in `statistics.ts`.
 */
interface SalesRollup {
  day: Day;
  orders: number;
  /** Fen paid, and refunded so far of it. */
  paid: number;
  refunded: number;
}

export interface StatsSalesDailyTable extends SalesRollup {
  payment: string;
}

export interface StatsGoodsDailyTable extends SalesRollup {
  goods_type: string;
  goods_id: number;
}

interface WatchRollup {
  day: Day;
  course_id: number;
  seconds: number;
  started: number;
  completed: number;
}

export interface StatsWatchDailyTable extends WatchRollup {
  video_id: number;
}

export type StatsCourseWatchDailyTable = WatchRollup;

export interface StatsMemberBitsTable {
  kind: 'joined' | 'active' | 'paying';
  day: Day;
  chunk: number;
  /** bit(8192), as PostgreSQL's text of zeros and ones. */
  bits: string;
}

declare module '../../shared/db/schema' {
  interface Database {
    stats_sales_daily: StatsSalesDailyTable;
    stats_goods_daily: StatsGoodsDailyTable;
    stats_watch_daily: StatsWatchDailyTable;
    stats_course_watch_daily: StatsCourseWatchDailyTable;
    stats_member_bits: StatsMemberBitsTable;
  }
}
