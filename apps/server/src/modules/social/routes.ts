import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { socialApi } from '@kezhan/contract/social';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { memberIdOf } from '../../shared/auth/guard';
import { route } from '../../shared/http/route';
import { clientOf } from '../../shared/http/client-info';
import { issueNavigationTicket } from '../../shared/auth/navigation-tickets';
import { DevOAuthProvider } from '../../providers/oauth/dev-oauth-provider';
import { bindBrowser, browserIdentityOf } from './browser-binding';
import { registerDevOAuthRoutes } from './dev-routes';
import {
  APP_NOT_FOUND_MESSAGE,
  BIND_TICKET,
  bindWithCode,
  finishSocialLogin,
  loginWithCode,
  registerWithSocialite,
  startSocialLogin,
} from './social-login-service';

const queryOf = (query: unknown) => (query ?? {}) as Record<string, unknown>;

/** Social login and binding. Start and callback are browser navigations (302). */
export default async function socialRoutes(app: FastifyInstance) {
  const services = app.services;
  const browserOf = (request: FastifyRequest) => browserIdentityOf(request, services.env.appUrl);
  const bind = (request: FastifyRequest, reply: FastifyReply) =>
    bindBrowser(request, reply, services.env.appUrl.startsWith('https:'));

  route(app, socialApi.startQq, async (request, reply) => {
    if (request.params.app !== 'qq') throw new BusinessError(APP_NOT_FOUND_MESSAGE);
    return reply.redirect(
      await startSocialLogin(services, request.query, 'qq', request.log, bind(request, reply)),
    );
  });
  route(app, socialApi.startWechat, async (request, reply) =>
    reply.redirect(
      await startSocialLogin(services, request.query, 'wechat', request.log, bind(request, reply)),
    ),
  );

  route(app, socialApi.qqCallback, async (request, reply) =>
    reply.redirect(
      await finishSocialLogin(services, queryOf(request.query), 'qq', request.log, browserOf(request)),
    ),
  );
  route(app, socialApi.wechatCallback, async (request, reply) =>
    reply.redirect(
      await finishSocialLogin(services, queryOf(request.query), 'wechat', request.log, browserOf(request)),
    ),
  );

  route(app, socialApi.loginWithCode, async (request) =>
    ok(await loginWithCode(services, request.body.code, clientOf(request), browserOf(request))),
  );
  route(app, socialApi.registerWithSocialite, async (request) =>
    ok(await registerWithSocialite(services, request.body, clientOf(request), browserOf(request))),
  );
  route(app, socialApi.bindTicket, async (request) =>
    ok(await issueNavigationTicket(services.store, BIND_TICKET, { userId: memberIdOf(request) })),
  );
  route(app, socialApi.bindWithCode, async (request) => {
    await bindWithCode(services, request.body.code, memberIdOf(request));
    return ok(NO_DATA);
  });

  for (const provider of Object.values(services.oauth))
    if (provider instanceof DevOAuthProvider) registerDevOAuthRoutes(app, provider);
}
