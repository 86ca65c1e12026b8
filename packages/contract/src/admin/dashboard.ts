import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/** 今日 / 近7天 / 近30天: Shanghai days, today included. */
export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const adminDashboardQuery = z.object({
  range: z.enum(DASHBOARD_RANGES, { error: '统计范围错误' }).default('today'),
});

const dashboardTotals = z.strictObject({
  /** Yuan: amount of the orders paid in the range, less what has been refunded of them. */
  revenue: z.number(),
  /** Yuan: amount of the orders paid in the range. */
  gross: z.number(),
  /** Yuan: refunded so far of the orders paid in the range. */
  refunded: z.number(),
  /** Orders paid in the range (refunded ones included). */
  paid_orders: z.number(),
  /** Members who registered in the range. */
  new_members: z.number(),
  /** Members whose watch records moved in the range. */
  active_learners: z.number(),
});

const dashboardPoint = z.strictObject({
  /** `MM-DD` for a day, `HH:00` for an hour (Shanghai time). */
  label: z.string(),
  revenue: z.number(),
  paid_orders: z.number(),
  new_members: z.number(),
});

const courseSales = z.strictObject({
  course_id: z.number(),
  title: z.string(),
  /** Paid orders of the course in the range. */
  orders: z.number(),
  /** Yuan: what those orders paid for the course, less what has been refunded of them. */
  sales: z.number(),
});

const courseWatch = z.strictObject({
  course_id: z.number(),
  title: z.string(),
  learners: z.number(),
  /** Seconds watched of the course's videos, over the watch records that moved in the range. */
  watch_seconds: z.number(),
});

export const adminDashboard = z.strictObject({
  range: z.enum(DASHBOARD_RANGES),
  time_zone: z.literal('Asia/Shanghai'),
  /** ISO instants: the range is [start, end). */
  start: z.string(),
  end: z.string(),
  /** `hour` for today, `day` otherwise. */
  bucket: z.enum(['hour', 'day']),
  totals: dashboardTotals,
  series: z.array(dashboardPoint),
  top_courses_by_sales: z.array(courseSales),
  top_courses_by_watch: z.array(courseWatch),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

export const adminDashboardApi = {
  overview: defineEndpoint({
    tag: 'admin',
    auth: 'admin',
    method: 'GET',
    path: '/api/admin/dashboard',
    permission: 'dashboard.view',
    summary:
      'Revenue, paid orders, new members, active learners, a chart series and the top courses of a range',
    query: adminDashboardQuery,
    data: adminDashboard,
  }),
};
