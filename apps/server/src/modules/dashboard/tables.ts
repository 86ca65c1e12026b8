import type { ColumnType } from 'kysely';

/** A `date` column, written and read as `YYYY-MM-DD` text (cast on read). */
type Day = ColumnType<string, string, string>;

export interface CourseSalesDailyTable {
  day: Day;
  course_id: number;
  orders: number;
  sales: number;
}

export interface DashboardRollupsTable {
  name: string;
  through: Day;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../shared/db/schema' {
  interface Database {
    course_sales_daily: CourseSalesDailyTable;
    dashboard_rollups: DashboardRollupsTable;
  }
}
