import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * The console's statistics (统计): transactions, members and content over any range of Shanghai
 * days up to two years. Money is yuan on the wire (19.9), integer fen in the database.
 */

export const STATISTICS_BUCKETS = ['day', 'week', 'month'] as const;
export type StatisticsBucket = (typeof STATISTICS_BUCKETS)[number];

export const STATISTICS_TABLES = [
  'revenue',
  'gateways',
  'goods_types',
  'members',
  'retention',
  'courses',
  'lessons',
] as const;
export type StatisticsTable = (typeof STATISTICS_TABLES)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day: `2026-02-30` is refused, not read as 2 March. */
const isCalendarDay = (text: string) => {
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
};
const chinaDay = (message: string) =>
  z.string({ error: message }).regex(DATE, message).refine(isCalendarDay, message);

/** The day two years after `day`: a range must end before it (`2024-03-01` … `2026-02-28`). */
export const twoYearsAfter = (day: string) => `${Number(day.slice(0, 4)) + 2}${day.slice(4)}`;

export const RANGE_TOO_LONG_MESSAGE = '统计范围不能超过两年';
export const RANGE_ORDER_MESSAGE = '开始日期不能晚于结束日期';

const rangeFields = {
  /** Shanghai days, both inclusive. */
  from: chinaDay('开始日期格式错误'),
  to: chinaDay('结束日期格式错误'),
};
type RangeInput = { from: string; to: string };
const inOrder = (query: RangeInput) => query.from <= query.to;
const withinTwoYears = (query: RangeInput) => query.to < twoYearsAfter(query.from);

const bucketField = z.enum(STATISTICS_BUCKETS, { error: '统计粒度错误' }).default('day');
const courseIdField = z.coerce.number({ error: '课程错误' }).int('课程错误').positive('课程错误');

export const statisticsRangeQuery = z
  .object({ ...rangeFields, bucket: bucketField })
  .refine(inOrder, RANGE_ORDER_MESSAGE)
  .refine(withinTwoYears, RANGE_TOO_LONG_MESSAGE);

export const statisticsLessonsQuery = z
  .object({ ...rangeFields, course_id: courseIdField })
  .refine(inOrder, RANGE_ORDER_MESSAGE)
  .refine(withinTwoYears, RANGE_TOO_LONG_MESSAGE);

export const statisticsExportQuery = z
  .object({
    ...rangeFields,
    bucket: bucketField,
    table: z.enum(STATISTICS_TABLES, { error: '导出的表格错误' }),
    course_id: courseIdField.optional(),
  })
  .refine(inOrder, RANGE_ORDER_MESSAGE)
  .refine(withinTwoYears, RANGE_TOO_LONG_MESSAGE)
  .refine((query) => query.table !== 'lessons' || query.course_id !== undefined, '请选择课程');
export type StatisticsExportQuery = z.output<typeof statisticsExportQuery>;

/** Yuan: what paid orders paid, what has been refunded of them so far, and the difference. */
const money = {
  orders: z.number(),
  gross: z.number(),
  refunded: z.number(),
  revenue: z.number(),
};

const rangeEcho = {
  from: z.string(),
  to: z.string(),
  time_zone: z.literal('Asia/Shanghai'),
};

export const transactionStatistics = z.strictObject({
  ...rangeEcho,
  bucket: z.enum(STATISTICS_BUCKETS),
  totals: z.strictObject(money),
  /** One point per bucket, empty ones included; `period` is the bucket's first day in the range. */
  series: z.array(z.strictObject({ period: z.string(), ...money })),
  by_gateway: z.array(z.strictObject({ payment: z.string(), name: z.string(), ...money })),
  /** By goods line (a line's share of its order by list price). */
  by_goods_type: z.array(z.strictObject({ goods_type: z.string(), name: z.string(), ...money })),
});
export type TransactionStatistics = z.infer<typeof transactionStatistics>;

const memberFigures = {
  /** Registered in the period (accounts deleted since are not counted). */
  new_members: z.number(),
  /** Moved a lesson's progress in the period. */
  active_members: z.number(),
  /** Paid an order in the period (refunded ones included). */
  paying_members: z.number(),
};

export const memberStatistics = z.strictObject({
  ...rangeEcho,
  bucket: z.enum(STATISTICS_BUCKETS),
  totals: z.strictObject(memberFigures),
  series: z.array(z.strictObject({ period: z.string(), ...memberFigures })),
  retention: z.strictObject({
    /** Weeks for a range of up to 92 days by day or week, months otherwise. */
    cohort_bucket: z.enum(['week', 'month']),
    cohorts: z.array(
      z.strictObject({
        /** The cohort's first day in the range. */
        cohort: z.string(),
        /** Members who registered in it. */
        members: z.number(),
        /** [k]: of them, those active in the k-th period from their own (0 = the same one). */
        retained: z.array(z.number()),
      }),
    ),
  }),
});
export type MemberStatistics = z.infer<typeof memberStatistics>;

const learning = {
  /** Seconds the lessons' positions moved forward in the range. */
  watch_seconds: z.number(),
  /** Lessons started (a member's first progress record of a lesson). */
  started: z.number(),
  /** Lessons seen to the end. */
  completed: z.number(),
  /** completed / started, percent with one decimal (0 when nothing was started). */
  completion_percent: z.number(),
};

export const contentStatistics = z.strictObject({
  ...rangeEcho,
  courses: z.array(z.strictObject({ course_id: z.number(), title: z.string(), ...money, ...learning })),
});
export type ContentStatistics = z.infer<typeof contentStatistics>;

export const lessonStatistics = z.strictObject({
  ...rangeEcho,
  course_id: z.number(),
  title: z.string(),
  /** The course's lessons in their order, then lessons with records but no longer in it. */
  lessons: z.array(
    z.strictObject({
      video_id: z.number(),
      title: z.string(),
      /** Lessons sold on their own. */
      ...money,
      ...learning,
      /** started / the first lesson's started, percent with one decimal. */
      reach_percent: z.number(),
      /** The share of the previous lesson's starters that did not start this one (0 for the first). */
      drop_off_percent: z.number(),
    }),
  ),
});
export type LessonStatistics = z.infer<typeof lessonStatistics>;

const base = { tag: 'admin', auth: 'admin', permission: 'dashboard.view' } as const;

export const adminStatisticsApi = {
  transactions: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/statistics/transactions',
    summary: 'Revenue net of refunds per day, week or month, by gateway and by goods type',
    query: statisticsRangeQuery,
    data: transactionStatistics,
  }),
  members: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/statistics/members',
    summary: 'New, active and paying members per period, and the retention of each cohort',
    query: statisticsRangeQuery,
    data: memberStatistics,
  }),
  content: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/statistics/content',
    summary: 'Sales, watch time and completion per course',
    query: statisticsRangeQuery,
    data: contentStatistics,
  }),
  lessons: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/statistics/content/lessons',
    summary: "Sales, watch time, completion and drop-off of one course's lessons",
    query: statisticsLessonsQuery,
    data: lessonStatistics,
  }),
  exportCsv: defineEndpoint({
    ...base,
    method: 'GET',
    path: '/api/admin/statistics/export',
    summary: 'One statistics table as CSV (UTF-8 with BOM for Excel)',
    query: statisticsExportQuery,
    answers: 'text/csv',
    note: "CSV file (`Content-Disposition: attachment`); cells that a spreadsheet would run as a formula are prefixed with `'`",
  }),
};
