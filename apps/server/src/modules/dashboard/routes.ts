import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { adminDashboardApi } from '@kezhan/contract/admin/dashboard';
import { adminStatisticsApi } from '@kezhan/contract/admin/statistics';
import { ok } from '../../shared/http/envelope';
import { audit } from '../admin/audit';
import { adminRoute } from '../admin/guard';
import { dashboardOverview } from './queries';
import {
  contentStatistics,
  lessonStatistics,
  memberStatistics,
  statisticsCsv,
  transactionStatistics,
} from './statistics-pages';

const rangeOf = (query: { from: string; to: string }) => ({ first: query.from, last: query.to });

/** The console's landing figures and its statistics pages (reads: only the export is audited). */
export default async function dashboardRoutes(app: FastifyInstance) {
  const { db, now } = app.services;
  adminRoute(app, adminDashboardApi.overview, async (request) =>
    ok(await dashboardOverview(db, request.query.range, now())),
  );

  adminRoute(app, adminStatisticsApi.transactions, async (request) =>
    ok(await transactionStatistics(db, rangeOf(request.query), request.query.bucket)),
  );
  adminRoute(app, adminStatisticsApi.members, async (request) =>
    ok(await memberStatistics(db, rangeOf(request.query), request.query.bucket)),
  );
  adminRoute(app, adminStatisticsApi.content, async (request) =>
    ok(await contentStatistics(db, rangeOf(request.query))),
  );
  adminRoute(app, adminStatisticsApi.lessons, async (request) =>
    ok(await lessonStatistics(db, rangeOf(request.query), request.query.course_id)),
  );
  adminRoute(app, adminStatisticsApi.exportCsv, async (request, reply) => {
    const query = request.query;
    const csv = await statisticsCsv(db, query);
    await audit(db, request, { action: 'statistics.export', targetType: 'statistics', after: query });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="statistics-${query.table}-${query.from}-${query.to}.csv"`,
      )
      .header('cache-control', 'no-store')
      .send(Readable.from([csv]));
  });
}
