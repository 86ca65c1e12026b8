import { randomBytes } from 'node:crypto';
import type { AppServices } from '../../services';
import { hashPassword, needsRehash, verifyPassword } from '../../shared/auth/passwords';
import { BusinessError } from '../../shared/http/errors';
import { unlessStoreUnavailable } from '../../shared/store/ephemeral-store';
import { CAPTCHA_REQUIRED_MESSAGE, WRONG_CAPTCHA_MESSAGE } from '@kezhan/contract/login-challenge';

export const LOCKED_MESSAGE = '账号已被锁定';
export const WRONG_CREDENTIALS_MESSAGE = '手机号或密码错误';
export const TOO_MANY_PASSWORD_FAILURES_MESSAGE = '密码错误次数过多，请稍后再试';

/** Wrong passwords from one IP for one mobile before that pair waits (then 1, 2, 4 … 60 minutes). */
export const FAILURES_BEFORE_BACKOFF = 5;
const BACKOFF_BASE_SECONDS = 60;
const BACKOFF_MAX_SECONDS = 3600;
/** Wrong passwords for one mobile from anywhere before every password login for it needs a captcha. */
export const FAILURES_BEFORE_CAPTCHA = 10;
const FAILURE_WINDOW_SECONDS = 3600;

const pairKey = (mobile: string, ip: string) => `login:password:failures:${mobile}:${ip}`;
const lockKey = (mobile: string, ip: string) => `login:password:lock:${mobile}:${ip}`;
const mobileKey = (mobile: string) => `login:password:failures:${mobile}`;

/** Verified against when the mobile is unknown, so both answers take one scrypt's time. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Checks a password login and answers the member id. A stranger cannot lock the owner out:
 * - wrong passwords count per mobile **and IP**; from the 5th on, that IP waits before trying that
 *   mobile again, twice as long after each further failure (1 minute … 1 hour);
 * - past 10 wrong passwords for a mobile from anywhere within an hour, every password login for it
 *   must carry an image captcha (`image_key` + `image_captcha`), which slows a distributed guesser
 *   but never blocks the owner;
 * - SMS login is never affected.
 * An unknown mobile costs the same scrypt as a known one (no enumeration by timing).
 */
export interface PasswordLoginInput {
  mobile: string;
  password: string;
  image_key?: string;
  image_captcha?: string;
}

/** A login that passed; `staleHash` is the member's bcrypt hash (from MeEdu) when it is one. */
export interface PasswordLoginPass {
  userId: number;
  staleHash?: string;
}

export async function checkPasswordLogin(
  services: Pick<AppServices, 'store' | 'db' | 'imageCaptcha'>,
  body: PasswordLoginInput,
  ip: string,
): Promise<PasswordLoginPass> {
  const { store, db, imageCaptcha } = services;
  // The counters only protect: while the store is unreachable they are skipped and the password
  // alone decides (logins keep working through a Redis restart).
  const locked = await unlessStoreUnavailable(
    async () => (await store.ttl(lockKey(body.mobile, ip))) > 0,
    false,
  );
  if (locked) throw new BusinessError(TOO_MANY_PASSWORD_FAILURES_MESSAGE);
  const mobileFailures = await unlessStoreUnavailable(
    async () => Number(await store.get(mobileKey(body.mobile))),
    0,
  );
  if (mobileFailures >= FAILURES_BEFORE_CAPTCHA) {
    if (!body.image_key || !body.image_captcha) throw new BusinessError(CAPTCHA_REQUIRED_MESSAGE);
    if (!(await imageCaptcha.check(body.image_key, body.image_captcha)))
      throw new BusinessError(WRONG_CAPTCHA_MESSAGE);
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'password', 'is_lock'])
    .where('mobile', '=', body.mobile)
    .executeTakeFirst();
  const matches = await verifyPassword(body.password, user?.password || (await dummy()));
  if (!user || !matches) {
    await unlessStoreUnavailable(async () => {
      await store.increment(mobileKey(body.mobile), FAILURE_WINDOW_SECONDS);
      const failures = await store.increment(pairKey(body.mobile, ip), FAILURE_WINDOW_SECONDS);
      if (failures >= FAILURES_BEFORE_BACKOFF) {
        const wait = Math.min(
          BACKOFF_BASE_SECONDS * 2 ** (failures - FAILURES_BEFORE_BACKOFF),
          BACKOFF_MAX_SECONDS,
        );
        await store.set(lockKey(body.mobile, ip), '1', wait);
      }
    }, undefined);
    throw new BusinessError(WRONG_CREDENTIALS_MESSAGE);
  }
  if (user.is_lock === 1) throw new BusinessError(LOCKED_MESSAGE);
  await unlessStoreUnavailable(
    () => store.delete(pairKey(body.mobile, ip), lockKey(body.mobile, ip), mobileKey(body.mobile)),
    undefined,
  );
  return needsRehash(user.password) ? { userId: user.id, staleHash: user.password } : { userId: user.id };
}
