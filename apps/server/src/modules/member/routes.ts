import type { FastifyInstance } from 'fastify';
import { ok } from '../../shared/http/envelope';
import { AuthenticationError } from '../../shared/http/errors';
import { memberIdOf, requireMember } from '../../shared/auth/guard';
import { loadMemberDetail } from './member-detail';

export default async function memberRoutes(app: FastifyInstance) {
  const { db, env } = app.services;

  app.get('/api/v2/member/detail', { preHandler: requireMember }, async (request) => {
    const detail = await loadMemberDetail(db, memberIdOf(request), env.appUrl);
    if (!detail) throw new AuthenticationError();
    return ok(detail);
  });
}
