import type { FastifyInstance } from 'fastify';
import { mobileLoginBody, passwordLoginBody } from '@kezhan/contract/auth';
import { passwordBody } from '@kezhan/contract/member';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { validate } from '../../shared/http/validate';
import { verifyPassword } from '../../shared/auth/passwords';
import { requireMember } from '../../shared/auth/guard';
import { issueLoginToken, revokeToken } from './login-service';
import { resetForgottenPassword } from '../member/profile-service';
import { registerMember } from './registration';

export const LOCKED_MESSAGE = '账号已被锁定';
export const WRONG_CREDENTIALS_MESSAGE = '手机号或密码错误';
export const TOO_MANY_PASSWORD_FAILURES_MESSAGE = '密码错误次数过多，请稍后再试';
const PASSWORD_FAILURE_LIMIT = 10;
const PASSWORD_FAILURE_WINDOW_SECONDS = 900;

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
    const failuresKey = `login:password-failures:${body.mobile}`;
    if (Number(await services.store.get(failuresKey)) >= PASSWORD_FAILURE_LIMIT) {
      throw new BusinessError(TOO_MANY_PASSWORD_FAILURES_MESSAGE);
    }
    const user = await db
      .selectFrom('users')
      .select(['id', 'password', 'is_lock'])
      .where('mobile', '=', body.mobile)
      .executeTakeFirst();
    if (!user || !(await verifyPassword(body.password, user.password))) {
      await services.store.increment(failuresKey, PASSWORD_FAILURE_WINDOW_SECONDS);
      throw new BusinessError(WRONG_CREDENTIALS_MESSAGE);
    }
    if (user.is_lock === 1) throw new BusinessError(LOCKED_MESSAGE);
    await services.store.delete(failuresKey);
    return ok({ token: await issueLoginToken(services, request, user.id) });
  });

  /** 忘记密码: a new password proven by an SMS code (scene `password_reset`); no login needed. */
  app.post('/api/v2/password/reset', async (request) => {
    await resetForgottenPassword(services, validate(passwordBody, request.body));
    return ok(NO_DATA);
  });

  app.post('/api/v2/logout', { preHandler: requireMember }, async (request) => {
    await revokeToken(services, request.member!.jti);
    return ok(NO_DATA);
  });
}
