import type { FastifyInstance } from 'fastify';
import { mobileLoginBody, passwordLoginBody } from '@kezhan/contract/auth';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { validate } from '../../shared/http/validate';
import {
  checkPasswordLogin,
  LOCKED_MESSAGE,
  TOO_MANY_PASSWORD_FAILURES_MESSAGE,
  WRONG_CREDENTIALS_MESSAGE,
} from './password-login';
import { requireMember } from '../../shared/auth/guard';
import { issueLoginToken, revokeToken } from './login-service';
import { registerMember } from './registration';

export { LOCKED_MESSAGE, TOO_MANY_PASSWORD_FAILURES_MESSAGE, WRONG_CREDENTIALS_MESSAGE };

export default async function authRoutes(app: FastifyInstance) {
  const services = app.services;
  const { db, smsCodes, settings } = services;

  /** SMS login; an unknown mobile registers a new member (api-contract §5.1). */
  app.post('/api/v2/login/mobile', async (request) => {
    const body = validate(mobileLoginBody, request.body);
    await smsCodes.verify(body.mobile, body.mobile_code, ['login', 'register']);
    const snapshot = await settings.snapshot();
    const userId = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('users')
        .select(['id', 'is_lock'])
        .where('mobile', '=', body.mobile)
        .executeTakeFirst();
      if (existing) {
        if (existing.is_lock === 1) throw new BusinessError(LOCKED_MESSAGE);
        return existing.id;
      }
      const id = await registerMember(trx, snapshot, {
        mobile: body.mobile,
        registerIp: request.ip,
        now: services.now(),
      });
      if (snapshot.int('member.is_lock_default') === 1) return null;
      return id;
    });
    if (userId === null) throw new BusinessError(LOCKED_MESSAGE);
    return ok({ token: await issueLoginToken(services, request, userId) });
  });

  app.post('/api/v2/login/password', async (request) => {
    const body = validate(passwordLoginBody, request.body);
    const userId = await checkPasswordLogin(services, body, request.ip);
    return ok({ token: await issueLoginToken(services, request, userId) });
  });

  app.post('/api/v2/logout', { preHandler: requireMember }, async (request) => {
    await revokeToken(services, request.member!.jti);
    return ok(NO_DATA);
  });
}
