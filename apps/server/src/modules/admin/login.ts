import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../../services';
import { LOGIN_TICKET_EXPIRED_MESSAGE } from '@kezhan/contract/admin/security';
import { hashPassword, verifyPassword } from '../../shared/auth/passwords';
import { randomAlphanumeric } from '../../shared/auth/tokens';
import { BusinessError } from '../../shared/http/errors';
import { unlessStoreUnavailable } from '../../shared/store/ephemeral-store';
import type { AdministratorRow } from './administrators';
import { writeAudit } from './audit';
import { openSession, type OpenedSession } from './sessions';
import { consumeTotpStep, openTotpSecret, TOTP_REPLAYED_MESSAGE, TOTP_WRONG_MESSAGE, totpStep } from './totp';

/** Wrong passwords (or codes) from one IP for one username before that pair waits. */
export const FAILURES_BEFORE_BACKOFF = 5;
/** The first wait; each further failure doubles it, up to BACKOFF_MAX_SECONDS. */
export const BACKOFF_BASE_SECONDS = 60;
const BACKOFF_MAX_SECONDS = 3600;
const FAILURE_WINDOW_SECONDS = 3600;
/** Attempts one IP may make a minute, whatever the accounts. */
export const IP_ATTEMPTS_PER_MINUTE = 20;

export const WRONG_CREDENTIALS_MESSAGE = '账号或密码错误';
export const TOO_MANY_ATTEMPTS_MESSAGE = '尝试次数过多，请稍后再试';
export const DISABLED_MESSAGE = '账号已停用';

const failuresKey = (username: string, ip: string) => `admin-login:failures:${username}:${ip}`;
const backoffKey = (username: string, ip: string) => `admin-login:backoff:${username}:${ip}`;

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
 * Password login of an administrator. A stranger cannot lock the owner out, nor learn which
 * usernames exist:
 * - wrong passwords count per username **and IP** (in the shared store, so across nodes); from the
 *   5th on, that IP waits before trying that username again (1 minute, doubling up to an hour),
 *   while the owner from their own address signs in as usual;
 * - an unknown username is counted and answered exactly like a known one (the same message, the
 *   same back-off, one scrypt against a decoy hash);
 * - one IP gets 20 attempts a minute, whatever the usernames.
 * Each login, and each pair that starts waiting on an existing account, is audited. With 2FA on,
 * the right password only earns a ticket for `completeTotpLogin`; a wrong code counts as a wrong
 * password for the pair, and the count is not reset by the password, so knowing it does not give
 * endless tries at the code.
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
  if (await overAddressBudget(services, ip)) throw new BusinessError(TOO_MANY_ATTEMPTS_MESSAGE);
  if (await waiting(services, username, ip, now)) throw new BusinessError(TOO_MANY_ATTEMPTS_MESSAGE);

  const administrator = await db
    .selectFrom('administrators')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  const matches = await verifyPassword(password, administrator?.password ?? (await decoy()));
  if (!administrator || !matches) {
    await countFailure(services, username, administrator ?? null, ip, now);
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
  if (await overAddressBudget(services, ip)) throw new BusinessError(TOO_MANY_ATTEMPTS_MESSAGE);

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
  const { username } = administrator;
  if (await waiting(services, username, ip, now)) throw new BusinessError(TOO_MANY_ATTEMPTS_MESSAGE);
  if (administrator.is_disabled === 1) throw new BusinessError(DISABLED_MESSAGE);
  const step = await totpStep(openTotpSecret(services.totpVault, administrator.totp_secret), code, now);
  if (step === null) {
    await countFailure(services, username, administrator, ip, now);
    throw new BusinessError(TOTP_WRONG_MESSAGE);
  }
  if (!(await consumeTotpStep(db, administrator.id, step))) {
    await countFailure(services, username, administrator, ip, now);
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

/** Opens the session of a signed-in administrator; the failure count of their address starts again. */
async function finishLogin(
  services: AppServices,
  request: FastifyRequest,
  administrator: AdministratorRow,
  now: Date,
): Promise<AdminLogin> {
  const ip = request.ip;
  await unlessStoreUnavailable(
    () =>
      services.store.delete(failuresKey(administrator.username, ip), backoffKey(administrator.username, ip)),
    undefined,
  );
  return services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('administrators')
      .set({ last_login_at: now })
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

/*
 * The counters below only protect: while the store is unreachable (Redis down or restarting) they
 * are skipped and the password alone decides, as for members, so that operators can still sign in
 * during an outage (the console's own budget in the rate limiter keeps counting per node).
 */

/** Whether this address has used up its login attempts of the minute. */
async function overAddressBudget(services: AppServices, ip: string): Promise<boolean> {
  const attempts = await unlessStoreUnavailable(
    () => services.store.increment(`admin-login:ip:${ip}`, 60),
    0,
  );
  return attempts > IP_ATTEMPTS_PER_MINUTE;
}

/** Whether this address must still wait before trying this username again. */
async function waiting(services: AppServices, username: string, ip: string, now: Date): Promise<boolean> {
  const until = await unlessStoreUnavailable(() => services.store.get(backoffKey(username, ip)), null);
  return Number(until) > now.getTime();
}

/**
 * One more wrong password (or code) for this username from this IP, counted atomically in the
 * shared store; from the 5th on the pair waits, twice as long after each further failure. Only
 * that address is slowed down: the account itself is never locked.
 */
async function countFailure(
  services: AppServices,
  username: string,
  administrator: AdministratorRow | null,
  ip: string,
  now: Date,
) {
  const { store } = services;
  const failures = await unlessStoreUnavailable(
    () => store.increment(failuresKey(username, ip), FAILURE_WINDOW_SECONDS),
    0,
  );
  if (failures < FAILURES_BEFORE_BACKOFF) return;
  const wait = Math.min(
    BACKOFF_BASE_SECONDS * 2 ** (failures - FAILURES_BEFORE_BACKOFF),
    BACKOFF_MAX_SECONDS,
  );
  // The end of the wait is stored as a time of our clock (the key's lifetime only cleans up).
  await unlessStoreUnavailable(
    () => store.set(backoffKey(username, ip), String(now.getTime() + wait * 1000), wait),
    undefined,
  );
  if (administrator && failures === FAILURES_BEFORE_BACKOFF) {
    await writeAudit(
      services.db,
      { id: null, name: administrator.username, ip },
      {
        action: 'administrator.login_backoff',
        targetType: 'administrator',
        targetId: administrator.id,
        after: { failed_logins: failures, wait_seconds: wait },
      },
      now,
    );
  }
}
