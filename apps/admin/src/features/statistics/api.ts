import type {
  ContentStatistics,
  LessonStatistics,
  MemberStatistics,
  StatisticsBucket,
  StatisticsTable,
  TransactionStatistics,
} from '@kezhan/contract/admin/statistics';
import { api } from '@/shared/http';

/** The statistics pages' fetchers: Shanghai days `YYYY-MM-DD`, both inclusive. */
export interface StatisticsQuery {
  from: string;
  to: string;
  bucket: StatisticsBucket;
}

export const getTransactions = (query: StatisticsQuery) =>
  api<TransactionStatistics>('GET', '/api/admin/statistics/transactions', { query: { ...query } });

export const getMembers = (query: StatisticsQuery) =>
  api<MemberStatistics>('GET', '/api/admin/statistics/members', { query: { ...query } });

export const getContent = (query: StatisticsQuery) =>
  api<ContentStatistics>('GET', '/api/admin/statistics/content', {
    query: { from: query.from, to: query.to },
  });

export const getLessons = (query: StatisticsQuery, courseId: number) =>
  api<LessonStatistics>('GET', '/api/admin/statistics/content/lessons', {
    query: { from: query.from, to: query.to, course_id: courseId },
  });

/** The address of one table's CSV (the browser downloads it with the session cookie). */
export function exportUrl(table: StatisticsTable, query: StatisticsQuery, courseId?: number): string {
  const search = new URLSearchParams({ table, from: query.from, to: query.to, bucket: query.bucket });
  if (courseId !== undefined) search.set('course_id', String(courseId));
  return `/api/admin/statistics/export?${search.toString()}`;
}
