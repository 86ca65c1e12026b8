import { DEFAULT_AVATAR } from '@kezhan/contract/images';
import type { MemberDetail } from '@kezhan/contract/member';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { fenToYuan } from '../../shared/money';
import { isoTimestamp, rawDateTime } from '../../shared/time';

/** `王小明` → `王*明`, `王明` → `王*`, one character unchanged. */
export function maskRealName(name: string): string {
  const chars = [...name];
  if (chars.length <= 1) return name;
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}*${chars[chars.length - 1]}`;
}

/** First 6 + `****` + last 4; 15-digit ids keep characters 13–15. */
export function maskIdNumber(id: string): string {
  if (!id) return '';
  if (id.length === 15) return `${id.slice(0, 6)}****${id.slice(12, 15)}`;
  return `${id.slice(0, 6)}****${id.slice(-4)}`;
}

export const isBoundMobile = (mobile: string) => mobile.length === 11 && mobile.startsWith('1');

/** Everything `GET /api/v2/member/detail` answers, in one query. */
export async function loadMemberDetail(db: Db, userId: number): Promise<MemberDetail | null> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id',
      'u.avatar',
      'u.nick_name',
      'u.mobile',
      'u.is_lock',
      'u.is_active',
      'u.role_id',
      'u.role_expired_at',
      'u.invite_balance',
      'u.is_password_set',
      'u.is_set_nickname',
      'u.created_at',
      'u.credit1',
      'u.credit2',
      'u.credit3',
      'r.id as role_row_id',
      'r.name as role_name',
      'p.is_verify',
      'p.real_name',
      'p.id_number',
      sql<number>`(select count(*)::int from socialites s where s.user_id = u.id and s.app = 'qq')`.as(
        'qq_count',
      ),
      sql<number>`(select count(*)::int from socialites s where s.user_id = u.id and s.app = 'wechat')`.as(
        'wechat_count',
      ),
      sql<number>`(select count(*)::int from users i where i.invite_user_id = u.id)`.as(
        'invite_people_count',
      ),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    avatar: row.avatar || DEFAULT_AVATAR,
    nick_name: row.nick_name,
    mobile: row.mobile,
    is_lock: row.is_lock,
    is_active: row.is_active,
    role_id: row.role_id,
    role_expired_at: rawDateTime(row.role_expired_at),
    invite_balance: fenToYuan(row.invite_balance),
    is_password_set: row.is_password_set,
    is_set_nickname: row.is_set_nickname,
    created_at: isoTimestamp(row.created_at)!,
    credit1: row.credit1,
    credit2: row.credit2,
    credit3: row.credit3,
    role:
      row.role_row_id !== null && row.role_name !== null
        ? { id: row.role_row_id, name: row.role_name }
        : null,
    is_bind_qq: row.qq_count > 0 ? 1 : 0,
    is_bind_wechat: row.wechat_count > 0 ? 1 : 0,
    is_bind_mobile: isBoundMobile(row.mobile) ? 1 : 0,
    invite_people_count: row.invite_people_count,
    is_face_verify: row.is_verify === 1,
    profile_real_name: maskRealName(row.real_name ?? ''),
    profile_id_number: maskIdNumber(row.id_number ?? ''),
  };
}
