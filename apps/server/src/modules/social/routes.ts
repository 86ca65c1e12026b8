import type { FastifyInstance } from 'fastify';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { memberIdOf, requireMember } from '../../shared/auth/guard';
import { issueNavigationTicket } from '../../shared/auth/navigation-tickets';
import { DevOAuthProvider } from '../../providers/oauth/dev-oauth-provider';
import { registerDevOAuthRoutes } from './dev-routes';
import {
  APP_NOT_FOUND_MESSAGE,
  BIND_TICKET,
  bindWithCode,
  CALLBACK_PATHS,
  finishSocialLogin,
  loginWithCode,
  registerWithSocialite,
  startSocialLogin,
} from './social-login-service';

/** Social login and binding, api-contract §12. Start and callback are browser navigations (302). */
export default async function socialRoutes(app: FastifyInstance) {
  const services = app.services;

  app.get<{ Params: { app: string } }>('/api/v3/auth/login/socialite/:app', async (request, reply) => {
    if (request.params.app !== 'qq') throw new BusinessError(APP_NOT_FOUND_MESSAGE);
    return reply.redirect(await startSocialLogin(services, request, 'qq', reply));
  });
  app.get('/api/v3/auth/login/wechat/oauth', async (request, reply) =>
    reply.redirect(await startSocialLogin(services, request, 'wechat', reply)),
  );

  app.get(CALLBACK_PATHS.qq, async (request, reply) =>
    reply.redirect(await finishSocialLogin(services, request, 'qq')),
  );
  app.get(CALLBACK_PATHS.wechat, async (request, reply) =>
    reply.redirect(await finishSocialLogin(services, request, 'wechat')),
  );

  app.post('/api/v3/auth/login/code', async (request) => ok(await loginWithCode(services, request)));
  app.post('/api/v3/auth/register/withSocialite', async (request) =>
    ok(await registerWithSocialite(services, request)),
  );
  app.post('/api/v3/member/socialite/bindTicket', { preHandler: requireMember }, async (request) =>
    ok(await issueNavigationTicket(services.store, BIND_TICKET, { userId: memberIdOf(request) })),
  );
  app.post('/api/v3/member/socialite/bindWithCode', { preHandler: requireMember }, async (request) => {
    await bindWithCode(services, request, memberIdOf(request));
    return ok(NO_DATA);
  });

  for (const provider of Object.values(services.oauth))
    if (provider instanceof DevOAuthProvider) registerDevOAuthRoutes(app, provider);
}
