import { randomInt } from 'node:crypto';
import type { Db } from '../../shared/db/database';
import { randomAlphanumeric } from '../../shared/auth/tokens';
import { BusinessError } from '../../shared/http/errors';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import type { SocialApp, SocialUser } from '../../providers/oauth/oauth-provider';
import { registerMember } from '../auth/registration';

export const BOUND_TO_OTHER_MESSAGE = '当前渠道账号已绑定了其它账号';
export const UNION_BOUND_TO_OTHER_MESSAGE = '同渠道账号已绑定其它用户';
export const ALREADY_HAS_APP_MESSAGE = '您已经绑定了该渠道的账号';

export interface BoundMember {
  userId: number;
  isLock: number;
}

/**
 * The member a vendor identity belongs to. The unionid wins (it is the same person across the
 * vendor's apps, e.g. a WeChat account first bound through another WeChat app), then the openid;
 * a binding found by openid learns its unionid.
 */
export async function findBoundMember(db: Db, app: SocialApp, user: SocialUser): Promise<BoundMember | null> {
  const base = db
    .selectFrom('socialites as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.union_id', 'u.id as userId', 'u.is_lock as isLock'])
    .where('s.app', '=', app);
  const byUnion = user.unionid
    ? await base.where('s.union_id', '=', user.unionid).orderBy('s.id').executeTakeFirst()
    : undefined;
  const found = byUnion ?? (await base.where('s.app_user_id', '=', user.openid).executeTakeFirst());
  if (!found) return null;
  if (user.unionid && !found.union_id)
    await db.updateTable('socialites').set({ union_id: user.unionid }).where('id', '=', found.id).execute();
  return { userId: found.userId, isLock: found.isLock };
}

/**
 * Ties a vendor identity to a member, refusing when the member already has an account of this
 * vendor or the identity (openid or unionid) belongs to someone else. Run inside a transaction.
 */
export async function bindSocialAccount(
  trx: Db,
  userId: number,
  app: SocialApp,
  user: SocialUser,
  now: Date,
) {
  const existing = await trx
    .selectFrom('socialites')
    .select(['user_id', 'app_user_id', 'union_id'])
    .where('app', '=', app)
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        eb('app_user_id', '=', user.openid),
        ...(user.unionid ? [eb('union_id', '=', user.unionid)] : []),
      ]),
    )
    .execute();
  for (const row of existing) {
    if (row.user_id === userId) throw new BusinessError(ALREADY_HAS_APP_MESSAGE);
    if (row.app_user_id === user.openid) throw new BusinessError(BOUND_TO_OTHER_MESSAGE);
    throw new BusinessError(UNION_BOUND_TO_OTHER_MESSAGE);
  }
  const inserted = await trx
    .insertInto('socialites')
    .values({ user_id: userId, app, app_user_id: user.openid, union_id: user.unionid, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  // Lost a race with a concurrent bind of the same identity or app.
  if (!inserted) throw new BusinessError(BOUND_TO_OTHER_MESSAGE);
}

/** Social-only accounts get MeEdu's placeholder mobile: 9 digits starting 2–9 (never a real number). */
async function placeholderMobile(trx: Db): Promise<string> {
  for (;;) {
    const mobile = `${randomInt(2, 10)}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    const taken = await trx.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst();
    if (!taken) return mobile;
  }
}

/** The vendor nickname (first 12 characters) plus a short random suffix, unique among members. */
async function uniqueNickname(trx: Db, vendorNickname: string): Promise<string | null> {
  const stem = [...vendorNickname.trim()].slice(0, 12).join('');
  if (!stem) return null;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const candidate = `${stem}_${randomAlphanumeric(attempt < 3 ? 3 : 6)}`;
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('nick_name', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  return null;
}

/** Gives a just-registered member the vendor's nickname and avatar (when it has them). */
async function adoptVendorProfile(trx: Db, userId: number, user: SocialUser) {
  const nickname = await uniqueNickname(trx, user.nickname);
  const avatar = /^https?:\/\//.test(user.avatar) ? user.avatar : '';
  if (!nickname && !avatar) return;
  await trx
    .updateTable('users')
    .set({ ...(nickname ? { nick_name: nickname } : {}), ...(avatar ? { avatar } : {}) })
    .where('id', '=', userId)
    .execute();
}

export interface NewSocialMember {
  app: SocialApp;
  user: SocialUser;
  /** A verified mobile, or undefined for a social-only account with a placeholder mobile. */
  mobile?: string;
  registerIp: string;
  now: Date;
}

/** Registers a member for a vendor identity and binds it. Run inside a transaction. */
export async function registerSocialMember(
  trx: Db,
  settings: SettingsSnapshot,
  member: NewSocialMember,
): Promise<number> {
  const userId = await registerMember(trx, settings, {
    mobile: member.mobile ?? (await placeholderMobile(trx)),
    registerIp: member.registerIp,
    now: member.now,
  });
  await adoptVendorProfile(trx, userId, member.user);
  await bindSocialAccount(trx, userId, member.app, member.user, member.now);
  return userId;
}
