import { randomBytes } from 'node:crypto';
import type { Db } from '../../shared/db/database';
import { hashPassword } from '../../shared/auth/passwords';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import { notifyMember } from '../messages/notify';
import { recordCredit1 } from '../credits/credit-records';
import { WELCOME_MESSAGE, nicknameCandidates } from '../member/new-member';
import { recordAgreements, REQUIRED_AGREEMENTS } from '../agreements/agreements-service';

export interface NewMember {
  mobile: string;
  registerIp?: string;
  /** Recorded with the agreements a new account accepts by registering. */
  userAgent?: string;
  platform?: string;
  now: Date;
}

/**
 * Creates a member the way MeEdu's SMS login does, but with a readable nickname (学员 + the last four
 * digits of the mobile, see `nicknameCandidates`), default avatar, an unusable random password, the
 * welcome message, and the register credit reward when configured. Registering accepts the
 * published user agreement and privacy policy (the sign-up screens ask for it). Run it inside the
 * caller's transaction.
 */
export async function registerMember(
  trx: Db,
  settings: SettingsSnapshot,
  member: NewMember,
): Promise<number> {
  const reward = settings.int('credit1_reward.register');
  const password = await hashPassword(randomBytes(12).toString('base64url'));
  let inserted: { id: number } | undefined;
  // A nickname another member holds is skipped by the database itself (unique, nothing inserted),
  // so two registrations at once never fail on it.
  for (const nickname of nicknameCandidates(member.mobile)) {
    inserted = await insertMember(trx, settings, member, nickname, password, reward);
    if (inserted) break;
  }
  if (!inserted) throw new Error('no free nickname for a new member');
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

/** The member's row under `nickname`; undefined (nothing inserted) when another member has it. */
function insertMember(
  trx: Db,
  settings: SettingsSnapshot,
  member: NewMember,
  nickname: string,
  password: string,
  reward: number,
) {
  return trx
    .insertInto('users')
    .values({
      mobile: member.mobile,
      nick_name: nickname,
      avatar: settings.text('member.default_avatar'),
      password,
      is_lock: settings.int('member.is_lock_default'),
      is_active: settings.int('member.is_active_default'),
      role_expired_at: member.now,
      credit1: Math.max(reward, 0),
      register_ip: member.registerIp ?? '',
      created_at: member.now,
      updated_at: member.now,
    })
    .onConflict((conflict) => conflict.column('nick_name').doNothing())
    .returning('id')
    .executeTakeFirst();
}
