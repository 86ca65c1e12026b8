import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppServices } from '../../services';
import { hashPassword, verifyPassword } from '../../shared/auth/passwords';
import { BusinessError } from '../../shared/http/errors';
import type { AdministratorRow } from './administrators';
import { writeAudit } from './audit';
import { openSession, type OpenedSession } from './sessions';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** Attempts one IP may make a minute, whatever the accounts. */
export const IP_ATTEMPTS_PER_MINUTE = 20;

export const WRONG_CREDENTIALS_MESSAGE = '账号或密码错误';
export const LOCKED_MESSAGE = `登录失败次数过多，账号已锁定，请 ${LOCK_MINUTES} 分钟后再试`;
export const TOO_MANY_ATTEMPTS_MESSAGE = '尝试次数过多，请稍后再试';
export const DISABLED_MESSAGE = '账号已停用';

/** Verified against when the account does not exist, so timing does not tell whether it does. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('kezhan-decoy-password'));

export interface AdminLogin {
  administrator: AdministratorRow;
  session: OpenedSession;
}

/**
 * Password login of an administrator. An account is locked for 15 minutes after 5 wrong passwords
 * in a row (counted in the database, so every node sees it; a locked account's password is not
 * even checked), and one IP gets 20 attempts a minute. Each lock-out and each login is audited.
 */
export async function loginAdministrator(
  services: AppServices,
  request: FastifyRequest,
  username: string,
  password: string,
): Promise<AdminLogin> {
  const { db, store } = services;
  const now = services.now();
  const ip = request.ip;
  const attempts = await store.increment(`admin-login:ip:${ip}`, 60);
  if (attempts > IP_ATTEMPTS_PER_MINUTE) throw new BusinessError(TOO_MANY_ATTEMPTS_MESSAGE);

  const administrator = await db
    .selectFrom('administrators')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  if (!administrator) {
    await verifyPassword(password, await decoy());
    throw new BusinessError(WRONG_CREDENTIALS_MESSAGE);
  }
  if (administrator.locked_until && new Date(administrator.locked_until).getTime() > now.getTime()) {
    throw new BusinessError(LOCKED_MESSAGE);
  }
  if (!(await verifyPassword(password, administrator.password))) {
    await countFailure(services, administrator, ip, now);
    throw new BusinessError(WRONG_CREDENTIALS_MESSAGE);
  }
  if (administrator.is_disabled === 1) throw new BusinessError(DISABLED_MESSAGE);

  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('administrators')
      .set({ failed_logins: 0, locked_until: null, last_login_at: now })
      .where('id', '=', administrator.id)
      .execute();
    const session = await openSession(
      trx,
      administrator.id,
      { ip, userAgent: String(request.headers['user-agent'] ?? '') },
      now,
    );
    await writeAudit(
      trx,
      { id: administrator.id, name: administrator.username, ip },
      { action: 'session.login', targetType: 'administrator', targetId: administrator.id },
      now,
    );
    return { administrator, session };
  });
}

/** One more wrong password, counted atomically; the fifth in a row locks the account. */
async function countFailure(services: AppServices, administrator: AdministratorRow, ip: string, now: Date) {
  const lockedUntil = new Date(now.getTime() + LOCK_MINUTES * 60 * 1000);
  await services.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('administrators')
      .set({
        failed_logins: sql<number>`case when failed_logins + 1 >= ${MAX_FAILED_LOGINS} then 0 else failed_logins + 1 end`,
        locked_until: sql<Date | null>`case when failed_logins + 1 >= ${MAX_FAILED_LOGINS} then ${lockedUntil}::timestamptz else locked_until end`,
      })
      .where('id', '=', administrator.id)
      .returning(['locked_until'])
      .executeTakeFirstOrThrow();
    const locked = row.locked_until && new Date(row.locked_until).getTime() === lockedUntil.getTime();
    if (locked) {
      await writeAudit(
        trx,
        { id: null, name: administrator.username, ip },
        {
          action: 'administrator.locked',
          targetType: 'administrator',
          targetId: administrator.id,
          after: { locked_until: lockedUntil.toISOString(), failed_logins: MAX_FAILED_LOGINS },
        },
        now,
      );
    }
  });
}
