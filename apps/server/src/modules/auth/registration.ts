import { randomBytes } from 'node:crypto';
import type { Db } from '../../shared/db/database';
import { hashPassword } from '../../shared/auth/passwords';
import { randomAlphanumeric } from '../../shared/auth/tokens';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import { notifyMember } from '../messages/notify';
import { recordCredit1 } from '../credits/credit-records';
import { recordAgreements, REQUIRED_AGREEMENTS } from '../agreements/agreements-service';

export const WELCOME_MESSAGE = '用户注册成功';

export interface NewMember {
  mobile: string;
  registerIp?: string;
  /** Recorded with the agreements a new account accepts by registering. */
  userAgent?: string;
  platform?: string;
  now: Date;
}

/**
 * Creates a member the way MeEdu's SMS login does: random 12-character
 * nickname, default avatar, an unusable random password, the welcome message, and the
 * register credit reward when configured. Registering accepts the published user agreement and
 * privacy policy (the sign-up screens ask for it). Run it inside the caller's transaction.
 */
export async function registerMember(
  trx: Db,
  settings: SettingsSnapshot,
  member: NewMember,
): Promise<number> {
  const reward = settings.int('credit1_reward.register');
  const inserted = await trx
    .insertInto('users')
    .values({
      mobile: member.mobile,
      nick_name: randomAlphanumeric(12),
      avatar: settings.text('member.default_avatar'),
      password: await hashPassword(randomBytes(12).toString('base64url')),
      is_lock: settings.int('member.is_lock_default'),
      is_active: settings.int('member.is_active_default'),
      role_expired_at: member.now,
      credit1: Math.max(reward, 0),
      register_ip: member.registerIp ?? '',
      created_at: member.now,
      updated_at: member.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAgreements(
    trx,
    settings,
    inserted.id,
    REQUIRED_AGREEMENTS,
    { ip: member.registerIp ?? '', userAgent: member.userAgent ?? '', platform: member.platform ?? '' },
    member.now,
  );
  await notifyMember(trx, inserted.id, WELCOME_MESSAGE);
  if (reward > 0) {
    await recordCredit1(trx, inserted.id, reward, `注册送${reward}积分`, member.now);
    await notifyMember(trx, inserted.id, `积分变动:${reward}，备注:注册送${reward}积分`);
  }
  return inserted.id;
}
