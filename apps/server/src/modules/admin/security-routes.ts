import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminSecurityApi } from '@kezhan/contract/admin/security';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { isoTimestamp } from '../../shared/time';
import { findAdministrator } from './administrator-routes';
import { audit } from './audit';
import { clearedSessionCookie } from './cookie';
import { adminRoute, adminSessionOf } from './guard';
import { TOO_MANY_ATTEMPTS_MESSAGE } from './login';
import { listLiveSessions, revokeSessionOf, revokeSessionsOf } from './sessions';
import {
  consumeTotpStep,
  draftTotp,
  openTotpSecret,
  sealTotpSecret,
  TOTP_REPLAYED_MESSAGE,
  TOTP_WRONG_MESSAGE,
  totpStep,
} from './totp';

export const TOTP_ALREADY_ON_MESSAGE = '已开启两步验证';
export const TOTP_NOT_ON_MESSAGE = '未开启两步验证';
export const ENROLMENT_EXPIRED_MESSAGE = '二维码已过期，请重新获取';
export const SESSION_NOT_FOUND_MESSAGE = '会话不存在';
export const RESET_OWN_TOTP_MESSAGE = '请在账号安全页关闭自己的两步验证';
/** A drafted secret waits this long for its first code. */
const ENROLMENT_TTL_SECONDS = 600;
/** Codes an administrator may try at enabling or disabling 2FA per 15 minutes. */
const CODE_ATTEMPTS = 5;

const enrolmentKey = (administratorId: number) => `admin-totp:enrol:${administratorId}`;
const attemptsKey = (administratorId: number) => `admin-totp:attempts:${administratorId}`;

/** The signed-in administrator's 2FA and sessions; a 超级管理员's view of another's. */
export default async function adminSecurityRoutes(app: FastifyInstance) {
  const { db, store, now, totpVault } = app.services;

  /** Checks a code of the signed-in administrator against `secret`; answers its time step. */
  async function checkCode(request: FastifyRequest, secret: string, code: string): Promise<number> {
    const { id } = adminSessionOf(request).administrator;
    if ((await store.increment(attemptsKey(id), 15 * 60)) > CODE_ATTEMPTS) {
      throw new BusinessError(TOO_MANY_ATTEMPTS_MESSAGE);
    }
    const step = await totpStep(secret, code, now());
    if (step === null) throw new BusinessError(TOTP_WRONG_MESSAGE);
    return step;
  }

  adminRoute(app, adminSecurityApi.status, async (request) => {
    const { administrator } = adminSessionOf(request);
    return ok({
      totp_enabled: administrator.totp_enabled_at !== null,
      totp_enabled_at: isoTimestamp(administrator.totp_enabled_at),
    });
  });

  adminRoute(app, adminSecurityApi.totpSetup, async (request, reply) => {
    const { administrator } = adminSessionOf(request);
    if (administrator.totp_enabled_at) throw new BusinessError(TOTP_ALREADY_ON_MESSAGE);
    const draft = draftTotp(administrator.username);
    await store.set(enrolmentKey(administrator.id), draft.secret, ENROLMENT_TTL_SECONDS);
    reply.header('cache-control', 'no-store');
    return ok({ secret: draft.secret, otpauth_uri: draft.uri, qr_svg: draft.qrSvg });
  });

  adminRoute(app, adminSecurityApi.totpEnable, async (request) => {
    const { administrator } = adminSessionOf(request);
    if (administrator.totp_enabled_at) throw new BusinessError(TOTP_ALREADY_ON_MESSAGE);
    const secret = await store.get(enrolmentKey(administrator.id));
    if (!secret) throw new BusinessError(ENROLMENT_EXPIRED_MESSAGE);
    const step = await checkCode(request, secret, request.body.code);
    await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('administrators')
        .set({
          totp_secret: sealTotpSecret(totpVault, secret),
          totp_enabled_at: now(),
          totp_last_step: step,
          updated_at: now(),
        })
        .where('id', '=', administrator.id)
        .where('totp_enabled_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!updated) throw new BusinessError(TOTP_ALREADY_ON_MESSAGE);
      await audit(trx, request, {
        action: 'administrator.totp_enable',
        targetType: 'administrator',
        targetId: administrator.id,
        after: { username: administrator.username, totp_enabled: true },
      });
    });
    await store.delete(enrolmentKey(administrator.id), attemptsKey(administrator.id));
    return ok(NO_DATA);
  });

  adminRoute(app, adminSecurityApi.totpDisable, async (request) => {
    const { administrator } = adminSessionOf(request);
    if (!administrator.totp_enabled_at || !administrator.totp_secret) {
      throw new BusinessError(TOTP_NOT_ON_MESSAGE);
    }
    const secret = openTotpSecret(totpVault, administrator.totp_secret);
    const step = await checkCode(request, secret, request.body.code);
    await db.transaction().execute(async (trx) => {
      if (!(await consumeTotpStep(trx, administrator.id, step))) {
        throw new BusinessError(TOTP_REPLAYED_MESSAGE);
      }
      await trx
        .updateTable('administrators')
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now() })
        .where('id', '=', administrator.id)
        .execute();
      await audit(trx, request, {
        action: 'administrator.totp_disable',
        targetType: 'administrator',
        targetId: administrator.id,
        before: { username: administrator.username, totp_enabled: true },
        after: { username: administrator.username, totp_enabled: false },
      });
    });
    await store.delete(attemptsKey(administrator.id));
    return ok(NO_DATA);
  });

  adminRoute(app, adminSecurityApi.sessions, async (request, reply) => {
    const session = adminSessionOf(request);
    reply.header('cache-control', 'no-store');
    return ok(await listLiveSessions(db, session.administrator.id, now(), session.id));
  });

  adminRoute(app, adminSecurityApi.revokeSession, async (request, reply) => {
    const session = adminSessionOf(request);
    const target = request.params.session;
    await db.transaction().execute(async (trx) => {
      if (!(await revokeSessionOf(trx, session.administrator.id, target, now()))) {
        throw new BusinessError(SESSION_NOT_FOUND_MESSAGE);
      }
      await audit(trx, request, {
        action: 'session.revoke',
        targetType: 'administrator',
        targetId: session.administrator.id,
        after: { username: session.administrator.username, session: target.slice(0, 12) },
      });
    });
    if (target === session.id) reply.header('set-cookie', clearedSessionCookie(app.services.env.appUrl));
    return ok(NO_DATA);
  });

  adminRoute(app, adminSecurityApi.revokeOtherSessions, async (request) => {
    const session = adminSessionOf(request);
    const revoked = await db.transaction().execute(async (trx) => {
      const count = await revokeSessionsOf(trx, session.administrator.id, now(), session.id);
      await audit(trx, request, {
        action: 'session.revoke_others',
        targetType: 'administrator',
        targetId: session.administrator.id,
        after: { username: session.administrator.username, revoked: count },
      });
      return count;
    });
    return ok({ revoked });
  });

  adminRoute(app, adminSecurityApi.administratorSessions, async (request, reply) => {
    const target = await findAdministrator(db, request.params.id);
    reply.header('cache-control', 'no-store');
    return ok(await listLiveSessions(db, target.id, now(), adminSessionOf(request).id));
  });

  adminRoute(app, adminSecurityApi.revokeAdministratorSession, async (request) => {
    const { id, session } = request.params;
    await db.transaction().execute(async (trx) => {
      const target = await findAdministrator(trx, id);
      if (!(await revokeSessionOf(trx, id, session, now())))
        throw new BusinessError(SESSION_NOT_FOUND_MESSAGE);
      await audit(trx, request, {
        action: 'session.revoke',
        targetType: 'administrator',
        targetId: id,
        after: { username: target.username, session: session.slice(0, 12) },
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminSecurityApi.revokeAdministratorSessions, async (request) => {
    const { id } = request.params;
    const self = adminSessionOf(request);
    const revoked = await db.transaction().execute(async (trx) => {
      const target = await findAdministrator(trx, id);
      // Ending one's own sessions from the 管理员 page keeps the one in use.
      const count = await revokeSessionsOf(
        trx,
        id,
        now(),
        self.administrator.id === id ? self.id : undefined,
      );
      await audit(trx, request, {
        action: 'session.revoke_all',
        targetType: 'administrator',
        targetId: id,
        after: { username: target.username, revoked: count },
      });
      return count;
    });
    return ok({ revoked });
  });

  adminRoute(app, adminSecurityApi.resetTotp, async (request) => {
    const { id } = request.params;
    // Turning one's own 2FA off takes a current code, whatever the role.
    if (adminSessionOf(request).administrator.id === id) throw new BusinessError(RESET_OWN_TOTP_MESSAGE);
    await db.transaction().execute(async (trx) => {
      const target = await findAdministrator(trx, id);
      if (!target.totp_enabled_at) throw new BusinessError(TOTP_NOT_ON_MESSAGE);
      await trx
        .updateTable('administrators')
        .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, updated_at: now() })
        .where('id', '=', id)
        .execute();
      await audit(trx, request, {
        action: 'administrator.totp_reset',
        targetType: 'administrator',
        targetId: id,
        before: { username: target.username, totp_enabled: true },
        after: { username: target.username, totp_enabled: false },
      });
    });
    return ok(NO_DATA);
  });
}
