import type { FastifyInstance, FastifyReply } from 'fastify';
import { adminSecurityApi } from '@kezhan/contract/admin/security';
import { adminSessionApi } from '@kezhan/contract/admin/session';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { route } from '../../shared/http/route';
import { toProfile } from './administrators';
import { listAuditLogs } from './audit';
import { clearedSessionCookie, sessionCookie } from './cookie';
import { adminRoute, adminSessionOf } from './guard';
import { completeTotpLogin, loginAdministrator, type AdminLogin } from './login';
import { sessionRoleOf } from './roles';
import { revokeSession, SESSION_LIFETIME_MS } from './sessions';

/** Console sign-in and sign-out, the current session, and the audit log. */
export default async function adminSessionRoutes(app: FastifyInstance) {
  const { services } = app;
  const { db, env, now } = services;

  const signedIn = async (reply: FastifyReply, { administrator, session }: AdminLogin) => {
    const role = await sessionRoleOf(db, administrator.role);
    reply.header('set-cookie', sessionCookie(env.appUrl, session.token, SESSION_LIFETIME_MS / 1000));
    reply.header('cache-control', 'no-store');
    return ok({ administrator: toProfile(administrator, role), csrf_token: session.csrfToken });
  };

  route(app, adminSessionApi.login, async (request, reply) => {
    const { username, password } = request.body;
    const login = await loginAdministrator(services, request, username, password);
    if ('ticket' in login) {
      reply.header('cache-control', 'no-store');
      return ok({ totp_required: true as const, ticket: login.ticket });
    }
    return signedIn(reply, login);
  });

  route(app, adminSecurityApi.loginTotp, async (request, reply) => {
    const { ticket, code } = request.body;
    return signedIn(reply, await completeTotpLogin(services, request, ticket, code));
  });

  adminRoute(app, adminSessionApi.session, async (request, reply) => {
    const session = adminSessionOf(request);
    reply.header('cache-control', 'no-store');
    return ok({
      administrator: toProfile(session.administrator, session.role),
      csrf_token: session.csrfToken,
    });
  });

  adminRoute(app, adminSessionApi.logout, async (request, reply) => {
    await revokeSession(db, adminSessionOf(request).id, now());
    reply.header('set-cookie', clearedSessionCookie(env.appUrl));
    return ok(NO_DATA);
  });

  adminRoute(app, adminSessionApi.auditLogs, async (request) => ok(await listAuditLogs(db, request.query)));
}
