import { randomBytes } from 'node:crypto';
import type { SmsScene } from '@kezhan/contract/auth';
import type {
  BindMobileBody,
  ChangeMobileBody,
  NicknameBody,
  PasswordBody,
  SocialiteApp,
  VerifyMobileBody,
} from '@kezhan/contract/member';
import type { AppServices } from '../../services';
import type { Db } from '../../shared/db/database';
import { hashPassword } from '../../shared/auth/passwords';
import { AuthenticationError, BusinessError, INVALID_PARAMS_MESSAGE } from '../../shared/http/errors';
import { notifyMember } from '../messages/notify';
import { isBoundMobile } from './member-detail';
import { signOutEverywhere } from './sign-out';

export const NICKNAME_ALREADY_SET = '当前用户已配置昵称';
export const NICKNAME_TAKEN = '昵称已经存在';
export const MOBILE_NOT_BOUND = '请绑定手机号';
export const MOBILE_ALREADY_BOUND = '已绑定';
export const MOBILE_TAKEN = '手机号已存在';
export const LAST_LOGIN_METHOD = '请先绑定手机号，再解除绑定';
export const PASSWORD_CHANGED_MESSAGE = '密码修改成功';
export const MOBILE_BOUND_MESSAGE = '手机号绑定成功';

/** The verification ticket of `POST /api/v2/member/verify` lives this long. */
export const MOBILE_SIGN_TTL_SECONDS = 600;

const signKey = (sign: string) => `member:mobile-sign:${sign}`;

interface MobileSign {
  userId: number;
  mobile: string;
  expiresAt: number;
}

/** `138****8000` */
export const maskMobile = (mobile: string) =>
  mobile.length >= 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;

/** PostgreSQL (and PGlite) report a broken unique constraint as SQLSTATE 23505. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === '23505';

/** Runs `work`, reporting a broken unique constraint (a concurrent request won) as `message`. */
export async function rejectingDuplicate<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new BusinessError(message);
    throw error;
  }
}

async function loadMember(db: Db, userId: number, { lock = false } = {}) {
  let query = db.selectFrom('users').select(['id', 'mobile', 'is_set_nickname']).where('id', '=', userId);
  if (lock) query = query.forUpdate();
  const user = await query.executeTakeFirst();
  if (!user) throw new AuthenticationError();
  return user;
}

/** The body's mobile, once the SMS code sent to it for `scene` is proven. */
async function verifiedMobile(
  services: AppServices,
  body: { mobile: unknown; mobile_code: unknown },
  scene: SmsScene,
): Promise<string> {
  const mobile = String(body.mobile);
  await services.smsCodes.verify(mobile, String(body.mobile_code), [scene]);
  return mobile;
}

async function assertMobileFree(db: Db, mobile: string): Promise<void> {
  const owner = await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
  if (owner) throw new BusinessError(MOBILE_TAKEN);
}

/** A nickname can be chosen once, and no two members share one. */
export async function setNickname(services: AppServices, userId: number, body: NicknameBody): Promise<void> {
  const nickName = String(body.nick_name);
  await rejectingDuplicate(NICKNAME_TAKEN, () =>
    services.db.transaction().execute(async (trx) => {
      const user = await loadMember(trx, userId, { lock: true });
      if (user.is_set_nickname === 1) throw new BusinessError(NICKNAME_ALREADY_SET);
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('nick_name', '=', nickName)
        .where('id', '!=', userId)
        .executeTakeFirst();
      if (taken) throw new BusinessError(NICKNAME_TAKEN);
      await trx
        .updateTable('users')
        .set({ nick_name: nickName, is_set_nickname: 1, updated_at: services.now() })
        .where('id', '=', userId)
        .execute();
    }),
  );
}

/**
 * Sets a new password proven by an SMS code sent for `password_reset` to the
 * member's own mobile. Every other session of the member is signed out; this one stays.
 */
export async function resetPassword(
  services: AppServices,
  userId: number,
  currentJti: string,
  body: PasswordBody,
): Promise<void> {
  const mobile = await verifiedMobile(services, body, 'password_reset');
  const user = await loadMember(services.db, userId);
  if (user.mobile !== mobile || !isBoundMobile(user.mobile)) throw new BusinessError(MOBILE_NOT_BOUND);
  const hash = await hashPassword(String(body.password));
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password: hash, is_password_set: 1, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await signOutEverywhere(trx, userId, now, currentJti);
    await notifyMember(trx, userId, PASSWORD_CHANGED_MESSAGE);
  });
}

export const MOBILE_NOT_REGISTERED = '该手机号未注册';

/**
 * 忘记密码 (MeEdu's `POST /api/v2/password/reset`): a visitor proves the mobile with a code sent
 * for `password_reset` and sets a new password. Every session of the member is signed out and the
 * password-failure counter is cleared, so the member can log in with the new password at once.
 */
export async function resetForgottenPassword(services: AppServices, body: PasswordBody): Promise<void> {
  const mobile = await verifiedMobile(services, body, 'password_reset');
  const user = await services.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  if (!user || !isBoundMobile(mobile)) throw new BusinessError(MOBILE_NOT_REGISTERED);
  const hash = await hashPassword(String(body.password));
  const now = services.now();
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password: hash, is_password_set: 1, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await signOutEverywhere(trx, user.id, now);
    await notifyMember(trx, user.id, PASSWORD_CHANGED_MESSAGE);
  });
  await services.store.delete(`login:password-failures:${mobile}`);
}

/** Gives an account without a real mobile (social sign-up) its first one. */
export async function bindMobile(services: AppServices, userId: number, body: BindMobileBody): Promise<void> {
  const mobile = await verifiedMobile(services, body, 'mobile_bind');
  await rejectingDuplicate(MOBILE_TAKEN, () =>
    services.db.transaction().execute(async (trx) => {
      const user = await loadMember(trx, userId, { lock: true });
      if (isBoundMobile(user.mobile)) throw new BusinessError(MOBILE_ALREADY_BOUND);
      await assertMobileFree(trx, mobile);
      await trx
        .updateTable('users')
        .set({ mobile, updated_at: services.now() })
        .where('id', '=', userId)
        .execute();
      await notifyMember(trx, userId, MOBILE_BOUND_MESSAGE);
    }),
  );
}

/**
 * Proof of the current mobile before changing it, stricter than MeEdu: the ticket is random, kept server-side for 10
 * minutes, and only valid for this member while the mobile is still the one just proven.
 */
export async function issueMobileSign(
  services: AppServices,
  userId: number,
  body: VerifyMobileBody,
): Promise<string> {
  const mobile = await verifiedMobile(services, body, 'mobile_bind');
  const user = await loadMember(services.db, userId);
  if (user.mobile !== mobile) throw new BusinessError(INVALID_PARAMS_MESSAGE);
  const sign = randomBytes(24).toString('base64url');
  const ticket: MobileSign = {
    userId,
    mobile,
    expiresAt: services.now().getTime() + MOBILE_SIGN_TTL_SECONDS * 1000,
  };
  await services.store.set(signKey(sign), JSON.stringify(ticket), MOBILE_SIGN_TTL_SECONDS);
  return sign;
}

async function readSign(services: AppServices, sign: string): Promise<MobileSign | null> {
  if (!/^[\w-]{32}$/.test(sign)) return null;
  const raw = await services.store.get(signKey(sign));
  if (!raw) return null;
  const ticket = JSON.parse(raw) as MobileSign;
  return ticket.expiresAt > services.now().getTime() ? ticket : null;
}

/**
 * Changes the mobile; the checks run in this order: sign → SMS code of the new number → uniqueness. The sign is
 * spent only by the change that succeeds, so a mistyped code does not force a new verification.
 */
export async function changeMobile(
  services: AppServices,
  userId: number,
  body: ChangeMobileBody,
): Promise<void> {
  const sign = String(body.sign);
  const ticket = await readSign(services, sign);
  const user = await loadMember(services.db, userId);
  if (!ticket || ticket.userId !== userId || ticket.mobile !== user.mobile) {
    throw new BusinessError(INVALID_PARAMS_MESSAGE);
  }
  const mobile = await verifiedMobile(services, body, 'mobile_bind');
  await assertMobileFree(services.db, mobile);
  if ((await services.store.take(signKey(sign))) === null) throw new BusinessError(INVALID_PARAMS_MESSAGE);
  await rejectingDuplicate(MOBILE_TAKEN, () =>
    services.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('users')
        .set({ mobile, updated_at: services.now() })
        .where('id', '=', userId)
        .where('mobile', '=', ticket.mobile)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw new BusinessError(INVALID_PARAMS_MESSAGE);
      await notifyMember(trx, userId, `手机号已更换为${maskMobile(mobile)}`);
    }),
  );
}

/**
 * Removing the binding is refused only when it is the member's last way to
 * log in (no real mobile and no other social account): that would lock them out for good.
 */
export async function unbindSocialite(db: Db, userId: number, app: SocialiteApp): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await loadMember(trx, userId, { lock: true });
    const bindings = await trx
      .selectFrom('socialites')
      .select(['app'])
      .where('user_id', '=', userId)
      .execute();
    if (!bindings.some((row) => row.app === app)) return;
    if (!isBoundMobile(user.mobile) && bindings.length === 1) throw new BusinessError(LAST_LOGIN_METHOD);
    await trx.deleteFrom('socialites').where('user_id', '=', userId).where('app', '=', app).execute();
  });
}
