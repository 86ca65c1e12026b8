import type { FastifyInstance } from 'fastify';
import { authApi } from '@kezhan/contract/auth';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { clientOf } from '../../shared/http/client-info';
import { pcApi } from '@kezhan/contract/pc';
import { registerWithSms } from './sms-registration';
import { route } from '../../shared/http/route';
import { resetForgottenPassword } from '../member/profile-service';
import { loginWithPassword, loginWithSms, revokeToken } from './login-service';

export default async function authRoutes(app: FastifyInstance) {
  const services = app.services;

  route(app, authApi.mobileLogin, async (request) => {
    const { mobile, mobile_code: mobileCode } = request.body;
    return ok({ token: await loginWithSms(services, { mobile, mobileCode }, clientOf(request)) });
  });

  route(app, authApi.passwordLogin, async (request) =>
    ok({ token: await loginWithPassword(services, request.body, clientOf(request)) }),
  );

  route(app, authApi.passwordReset, async (request) => {
    await resetForgottenPassword(services, request.body);
    return ok(NO_DATA);
  });

  route(app, pcApi.registerSms, async (request) => {
    await registerWithSms(services, request.body, clientOf(request));
    return ok(NO_DATA);
  });

  route(app, authApi.logout, async (request) => {
    await revokeToken(services, request.member!.jti);
    return ok(NO_DATA);
  });
}
