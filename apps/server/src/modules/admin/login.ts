import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppServices } from '../../services';
import { LOGIN_TICKET_EXPIRED_MESSAGE } from '@kezhan/contract/admin/security';
import { hashPassword, verifyPassword } from '../../shared/auth/passwords';
import { randomAlphanumeric } from '../../shared/auth/tokens';
import { BusinessError } from '../../shared/http/errors';
import type { AdministratorRow } from './administrators';
import { writeAudit } from './audit';
import { openSession, type OpenedSession } from './sessions';
import { consumeTotpStep, openTotpSecret, TOTP_REPLAYED_MESSAGE, TOTP_WRONG_MESSAGE, totpStep } from './totp';

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

/** How long the password step's ticket waits for the code of an administrator with 2FA on. */
export const TOTP_TICKET_TTL_SECONDS = 300;

export interface AdminLogin {
  administrator: AdministratorRow;
  session: OpenedSession;
}

/** The password was right but 2FA is on: the code is to be sent with this ticket. */
export interface PendingTotpLogin {
  ticket: string;
}

const ticketKey = (ticket: string) => `admin-login:totp:${ticket}`;

/**
 * Password login of an administrator. An account is locked for 15 minutes after 5 wrong passwords
 * in a row (counted in the database, so every node sees it; a locked account's password is not
 * even checked), and one IP gets 20 attempts a minute. Each lock-out and each login is audited.
 * With 2FA on, the right password only earns a ticket for `completeTotpLogin`; the count of
 * failures is then not reset, so knowing the password does not give endless tries at the code.
 */
export async function loginAdministrator(
  services: AppServices,
  request: FastifyRequest,
  username: string,
  password: string,
): Promise<AdminLogin | PendingTotpLogin> {
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

  if (administrator.totp_enabled_at) {
    const ticket = randomAlphanumeric(32);
    const entry = {
      administratorId: administrator.id,
      expiresAt: now.getTime() + TOTP_TICKET_TTL_SECONDS * 1000,
    };
    await store.set(ticketKey(ticket), JSON.stringify(entry), TOTP_TICKET_TTL_SECONDS);
    return { ticket };
  }
  return finishLogin(services, request, administrator, now);
}

/**
 * Second step of a 2FA login: the ticket of the password step and a current code. A wrong or
 * already used code counts as a wrong password; the ticket is redeemed only by a right code.
 */
export async function completeTotpLogin(
  services: AppServices,
  request: FastifyRequest,
  ticket: string,
  code: string,
): Promise<AdminLogin> {
  const { db, store } = services;
  const now = services.now();
  const ip = request.ip;
  const attempts = await store.increment(`admin-login:ip:${ip}`, 60);
  if (attempts > IP_ATTEMPTS_PER_MINUTE) throw new BusinessError(TOO_MANY_ATTEMPTS_MESSAGE);

  const entry = parseTicket(await store.get(ticketKey(ticket)));
  if (!entry || entry.expiresAt <= now.getTime()) throw new BusinessError(LOGIN_TICKET_EXPIRED_MESSAGE);
  const administrator = await db
    .selectFrom('administrators')
    .selectAll()
    .where('id', '=', entry.administratorId)
    .executeTakeFirst();
  if (!administrator?.totp_secret || !administrator.totp_enabled_at) {
    await store.delete(ticketKey(ticket));
    throw new BusinessError(LOGIN_TICKET_EXPIRED_MESSAGE);
  }
  if (administrator.locked_until && new Date(administrator.locked_until).getTime() > now.getTime()) {
    throw new BusinessError(LOCKED_MESSAGE);
  }
  if (administrator.is_disabled === 1) throw new BusinessError(DISABLED_MESSAGE);
  const step = await totpStep(openTotpSecret(services.totpVault, administrator.totp_secret), code, now);
  if (step === null) {
    await countFailure(services, administrator, ip, now);
    throw new BusinessError(TOTP_WRONG_MESSAGE);
  }
  if (!(await consumeTotpStep(db, administrator.id, step))) {
    await countFailure(services, administrator, ip, now);
    throw new BusinessError(TOTP_REPLAYED_MESSAGE);
  }
  if ((await store.take(ticketKey(ticket))) === null) throw new BusinessError(LOGIN_TICKET_EXPIRED_MESSAGE);
  return finishLogin(services, request, administrator, now);
}

function parseTicket(text: string | null): { administratorId: number; expiresAt: number } | null {
  if (text === null) return null;
  try {
    const entry = JSON.parse(text) as { administratorId?: unknown; expiresAt?: unknown };
    return typeof entry.administratorId === 'number' && typeof entry.expiresAt === 'number'
      ? { administratorId: entry.administratorId, expiresAt: entry.expiresAt }
      : null;
  } catch {
    return null;
  }
}

/** Opens the session of a signed-in administrator; their failure count starts again. */
async function finishLogin(
  services: AppServices,
  request: FastifyRequest,
  administrator: AdministratorRow,
  now: Date,
): Promise<AdminLogin> {
  const ip = request.ip;
  return services.db.transaction().execute(async (trx) => {
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
      {
        action: 'session.login',
        targetType: 'administrator',
        targetId: administrator.id,
        ...(administrator.totp_enabled_at ? { after: { two_factor: true } } : {}),
      },
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
