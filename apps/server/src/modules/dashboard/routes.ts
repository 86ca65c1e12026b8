import type { FastifyInstance } from 'fastify';
import { adminDashboardApi } from '@kezhan/contract/admin/dashboard';
import { ok } from '../../shared/http/envelope';
import { adminRoute } from '../admin/guard';
import { dashboardOverview } from './queries';

/** The console's landing figures (read only: nothing to audit). */
export default async function dashboardRoutes(app: FastifyInstance) {
  const { db, now } = app.services;
  adminRoute(app, adminDashboardApi.overview, async (request) =>
    ok(await dashboardOverview(db, request.query.range, now())),
  );
}
