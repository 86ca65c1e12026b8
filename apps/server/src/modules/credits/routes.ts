import type { FastifyInstance } from 'fastify';
import { pcApi } from '@kezhan/contract/pc';
import { memberIdOf } from '../../shared/auth/guard';
import { ok } from '../../shared/http/envelope';
import { route } from '../../shared/http/route';
import { listCredit1Records } from './credit-records';

export default async function creditRoutes(app: FastifyInstance) {
  route(app, pcApi.creditRecords, async (request) => {
    const { page, page_size: pageSize } = request.query;
    return ok(await listCredit1Records(app.services.db, memberIdOf(request), page, pageSize));
  });
}
