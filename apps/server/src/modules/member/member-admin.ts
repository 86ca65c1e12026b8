import { sql } from 'kysely';
import { notifyMember } from '../messages/notify';
import type { z } from 'zod';
import type {
  AdminMember,
  AdminMemberDetail,
  AdminMemberFilter,
  AdminMemberTag,
  adminMemberGoodsBody,
  adminMemberListQuery,
} from '@kezhan/contract/admin/members';
import type { Db } from '../../shared/db/database';
import { fenToYuan } from '../../shared/money';
import { BusinessError } from '../../shared/http/errors';
import { isBoundMobile } from './member-detail';
import { COURSE_NOT_FOUND } from '../admin/course-admin';
import { rejectingDuplicate } from './profile-service';
import { signOutEverywhere } from './sign-out';
import { memberRemarks, tagsOfMembers } from './member-records';
import { deliverGoods, revokeGoods } from '../orders/delivery';
import '../courses/tables';
import '../orders/tables';

export const MEMBER_NOT_FOUND = '学员不存在';
export const VIP_PLAN_NOT_FOUND = '会员计划不存在';
export const COURSE_REQUIRED = '请选择课程';
export const VIP_PLAN_REQUIRED = '请选择会员计划';
export const DAYS_REQUIRED = '请填写天数';
export const COURSE_ALREADY_OWNED = '学员已拥有该课程';
export const COURSE_NOT_OWNED = '学员没有该课程';
export const NOT_VIP = '学员当前不是会员';
export const MOBILE_UNCHANGED = '新手机号与当前手机号相同';
export const MOBILE_TAKEN_BY_OTHER = '该手机号已被其他学员使用';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** Escapes `%`, `_` and `\` so a search word matches literally in LIKE. */
const likeLiteral = (word: string) => word.replace(/[\\%_]/g, (char) => `\\${char}`);

const memberColumns = [
  'u.id',
  'u.nick_name',
  'u.avatar',
  'u.mobile',
  'u.is_lock',
  'u.role_id',
  'u.role_expired_at',
  'u.created_at',
  'r.name as role_row_name',
] as const;

type MemberRow = {
  id: number;
  nick_name: string;
  avatar: string;
  mobile: string;
  is_lock: number;
  role_id: number;
  role_expired_at: Date | null;
  created_at: Date;
  role_row_name: string | null;
};

const shapeMember = (row: MemberRow, now: Date, tags: AdminMemberTag[]): AdminMember => ({
  id: row.id,
  nick_name: row.nick_name,
  avatar: row.avatar,
  mobile: row.mobile,
  is_bind_mobile: isBoundMobile(row.mobile) ? 1 : 0,
  is_lock: row.is_lock,
  role_id: row.role_id,
  role_name: row.role_expired_at && new Date(row.role_expired_at) > now ? (row.role_row_name ?? '') : '',
  role_expired_at: iso(row.role_expired_at),
  created_at: new Date(row.created_at).toISOString(),
  tags,
});

/**
 * The members an operator's filters select (an id, the beginning of a mobile or part of a
 * nickname; lock state; a tag), for the list and its CSV export.
 */
export function filteredMembers(db: Db, filter: AdminMemberFilter) {
  let base = db.selectFrom('users as u').leftJoin('roles as r', 'r.id', 'u.role_id');
  const keyword = filter.keyword;
  if (keyword) {
    const pattern = likeLiteral(keyword);
    base = base.where((eb) =>
      eb.or([
        ...(/^\d{1,9}$/.test(keyword) ? [eb('u.id', '=', Number(keyword))] : []),
        eb('u.mobile', 'like', `${pattern}%`),
        eb('u.nick_name', 'ilike', `%${pattern}%`),
      ]),
    );
  }
  if (filter.is_lock !== undefined) base = base.where('u.is_lock', '=', filter.is_lock);
  const tagId = filter.tag_id;
  if (tagId !== undefined) {
    base = base.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('member_tag_links as l')
          .select('l.user_id')
          .whereRef('l.user_id', '=', 'u.id')
          .where('l.tag_id', '=', tagId),
      ),
    );
  }
  return base;
}

/** Members matching the filters; newest first, each with their tags. */
export async function searchMembers(db: Db, query: z.output<typeof adminMemberListQuery>, now: Date) {
  const { page, page_size: pageSize } = query;
  const base = filteredMembers(db, query);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await base
    .select(memberColumns)
    .orderBy('u.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const tags = await tagsOfMembers(
    db,
    rows.map((row) => row.id),
  );
  return { total: Number(total), data: rows.map((row) => shapeMember(row, now, tags.get(row.id) ?? [])) };
}

const DETAIL_ROWS = 50;

export async function memberDetail(db: Db, id: number, now: Date): Promise<AdminMemberDetail> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('roles as r', 'r.id', 'u.role_id')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select([
      ...memberColumns,
      'u.credit1',
      'u.invite_balance',
      'u.register_ip',
      'p.real_name',
      'p.is_verify',
    ])
    .where('u.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BusinessError(MEMBER_NOT_FOUND);
  const [orders, courses, logins, socials, tags, remarks] = await Promise.all([
    db
      .selectFrom('orders as o')
      .select([
        'o.id',
        'o.order_id',
        'o.amount',
        'o.status',
        'o.payment_method',
        'o.created_at',
        'o.paid_at',
        sql<string>`coalesce((select string_agg(g.goods_name, '、' order by g.id) from order_goods g where g.order_id = o.id), '')`.as(
          'goods',
        ),
      ])
      .where('o.user_id', '=', id)
      .orderBy('o.id', 'desc')
      .limit(DETAIL_ROWS)
      .execute(),
    db
      .selectFrom('user_courses as uc')
      .innerJoin('courses as c', 'c.id', 'uc.course_id')
      .leftJoin('course_learn_records as l', (join) =>
        join.onRef('l.course_id', '=', 'uc.course_id').onRef('l.user_id', '=', 'uc.user_id'),
      )
      .select([
        'uc.course_id',
        'c.title',
        'uc.charge',
        'uc.created_at',
        'l.progress',
        sql<number>`(select count(*)::int from video_watch_records w where w.user_id = uc.user_id and w.course_id = uc.course_id and w.watched_at is not null)`.as(
          'watched_videos',
        ),
        sql<Date | null>`(select max(w.updated_at) from video_watch_records w where w.user_id = uc.user_id and w.course_id = uc.course_id)`.as(
          'last_watched_at',
        ),
      ])
      .where('uc.user_id', '=', id)
      .orderBy('uc.created_at', 'desc')
      .limit(DETAIL_ROWS)
      .execute(),
    db
      .selectFrom('user_login_records')
      .select(['id', 'platform', 'ip', 'ua', 'created_at', 'revoked_at'])
      .where('user_id', '=', id)
      .orderBy('id', 'desc')
      .limit(DETAIL_ROWS)
      .execute(),
    db
      .selectFrom('socialites')
      .select(['app', 'app_user_id', 'created_at'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute(),
    tagsOfMembers(db, [id]),
    memberRemarks(db, id),
  ]);
  return {
    profile: {
      ...shapeMember(row, now, tags.get(id) ?? []),
      credit1: row.credit1,
      invite_balance: fenToYuan(row.invite_balance),
      register_ip: row.register_ip,
      real_name: row.real_name ?? '',
      is_verify: row.is_verify ?? 0,
    },
    orders: orders.map((order) => ({
      id: order.id,
      order_id: order.order_id,
      goods: order.goods,
      amount: fenToYuan(order.amount),
      status: order.status,
      payment_method: order.payment_method,
      created_at: new Date(order.created_at).toISOString(),
      paid_at: iso(order.paid_at),
    })),
    courses: courses.map((course) => ({
      course_id: course.course_id,
      title: course.title,
      charge: fenToYuan(course.charge),
      created_at: new Date(course.created_at).toISOString(),
      progress: course.progress ?? 0,
      watched_videos: course.watched_videos,
      last_watched_at: iso(course.last_watched_at),
    })),
    login_records: logins.map((login) => ({
      id: login.id,
      platform: login.platform,
      ip: login.ip,
      ua: login.ua,
      created_at: new Date(login.created_at).toISOString(),
      revoked_at: iso(login.revoked_at),
    })),
    socials: socials.map((social) => ({
      app: social.app,
      app_user_id: social.app_user_id,
      created_at: new Date(social.created_at).toISOString(),
    })),
    remarks,
  };
}

async function lockedMember(trx: Db, id: number) {
  const row = await trx
    .selectFrom('users')
    .select(['id', 'mobile', 'is_lock', 'role_id', 'role_expired_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new BusinessError(MEMBER_NOT_FOUND);
  return row;
}

/**
 * Locks or unlocks a member. Locking revokes every login record of the member, as a password
 * reset does, so each token they hold is refused on its next request on every node; the guard
 * and every login path also refuse a locked member.
 */
export async function setMemberLock(trx: Db, id: number, isLock: number, now: Date) {
  const member = await lockedMember(trx, id);
  await trx.updateTable('users').set({ is_lock: isLock, updated_at: now }).where('id', '=', id).execute();
  const signedOut = isLock === 1 ? await signOutEverywhere(trx, id, now) : 0;
  return { before: { is_lock: member.is_lock }, after: { is_lock: isLock, sessions_signed_out: signedOut } };
}

const vipState = (row: { role_id: number; role_expired_at: Date | null }) => ({
  role_id: row.role_id,
  role_expired_at: iso(row.role_expired_at),
});

const ownsCourse = async (trx: Db, userId: number, courseId: number) =>
  Boolean(
    await trx
      .selectFrom('user_courses')
      .select('course_id')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirst(),
  );

/**
 * Gives (`grant`) or takes back (`revoke`) a course or VIP days through the same delivery code an
 * order uses. Returns the audit's target and before/after (the reason is recorded with `after`).
 */
export async function changeMemberGoods(
  trx: Db,
  id: number,
  body: z.output<typeof adminMemberGoodsBody>,
  direction: 'grant' | 'revoke',
  now: Date,
) {
  const member = await lockedMember(trx, id);
  const { reason } = body;
  if (body.kind === 'course') {
    if (!body.course_id) throw new BusinessError(COURSE_REQUIRED);
    const courseId = body.course_id;
    const course = await trx
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('id', '=', courseId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!course) throw new BusinessError(COURSE_NOT_FOUND);
    const owned = await ownsCourse(trx, id, courseId);
    const goods = { goods_type: 'COURSE', goods_id: courseId, expire_days: 0 };
    if (direction === 'grant') {
      if (owned) throw new BusinessError(COURSE_ALREADY_OWNED);
      await deliverGoods(trx, id, 0, goods, now);
    } else {
      if (!owned) throw new BusinessError(COURSE_NOT_OWNED);
      await revokeGoods(trx, id, goods, now);
    }
    return {
      before: { course_id: courseId, title: course.title, owned },
      after: { course_id: courseId, title: course.title, owned: direction === 'grant', reason },
    };
  }
  if (!body.days) throw new BusinessError(DAYS_REQUIRED);
  const { days } = body;
  let roleId = member.role_id;
  if (direction === 'grant') {
    if (!body.role_id) throw new BusinessError(VIP_PLAN_REQUIRED);
    roleId = body.role_id;
    const plan = await trx.selectFrom('roles').select('id').where('id', '=', roleId).executeTakeFirst();
    if (!plan) throw new BusinessError(VIP_PLAN_NOT_FOUND);
    await deliverGoods(trx, id, 0, { goods_type: 'ROLE', goods_id: roleId, expire_days: days }, now);
  } else {
    if (!member.role_id || !member.role_expired_at || new Date(member.role_expired_at) <= now) {
      throw new BusinessError(NOT_VIP);
    }
    await revokeGoods(trx, id, { goods_type: 'ROLE', goods_id: roleId, expire_days: days }, now);
  }
  const after = await lockedMember(trx, id);
  return { before: vipState(member), after: { ...vipState(after), days, reason } };
}

/** The middle of a mobile hidden, as the member's notices and the audit log show it. */
const maskedMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** What a member is told when an operator changes their login mobile (the new number masked). */
export const mobileChangedByOperatorMessage = (mobile: string) =>
  `您的登录手机号已由客服更改为 ${maskedMobile(mobile)}，所有设备已退出登录；如非本人申请，请立即联系客服`;

/** What a member is told when an operator sets their password. */
export const PASSWORD_RESET_BY_OPERATOR_MESSAGE =
  '您的登录密码已由客服重置，所有设备已退出登录；如非本人申请，请立即联系客服';

/**
 * How a member hears of an operator's change to their login: always a site message (written in
 * the change's transaction); also an SMS to the mobile that had the account when the SMS
 * provider can send notices — sent once the change is committed (`smsTo`), never inside it.
 */
interface CredentialsNotice {
  /** The SMS provider sends account notices (a template is configured). */
  sms: boolean;
}

/**
 * Changes a member's mobile; another member's mobile is refused (also when two requests race).
 * The mobile is how a member logs in (SMS codes go to it), so whoever held the old one is signed
 * out on every device at once and the member is told in their inbox and, when SMS notices are
 * configured, by SMS to the old mobile: an operator cannot quietly take an account over.
 */
export async function changeMemberMobile(
  trx: Db,
  id: number,
  change: { mobile: string; reason: string },
  notice: CredentialsNotice,
  now: Date,
) {
  const { mobile, reason } = change;
  const member = await lockedMember(trx, id);
  if (member.mobile === mobile) throw new BusinessError(MOBILE_UNCHANGED);
  const owner = await trx
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (owner) throw new BusinessError(MOBILE_TAKEN_BY_OTHER);
  await rejectingDuplicate(MOBILE_TAKEN_BY_OTHER, () =>
    trx.updateTable('users').set({ mobile, updated_at: now }).where('id', '=', id).execute(),
  );
  const signedOut = await signOutEverywhere(trx, id, now);
  await notifyMember(trx, id, mobileChangedByOperatorMessage(mobile));
  const smsTo = notice.sms && isBoundMobile(member.mobile) ? member.mobile : null;
  return {
    smsTo,
    audit: {
      before: { mobile: member.mobile },
      after: {
        mobile,
        reason,
        sessions_signed_out: signedOut,
        sms_notice_to: smsTo ? maskedMobile(smsTo) : null,
      },
    },
  };
}

/**
 * Sets a member's password from the console: every session of the member is signed out, the
 * member is told (site message; SMS to their mobile when SMS notices are configured), and the
 * reason goes to the audit log. The password itself is never recorded.
 */
export async function resetMemberPassword(
  trx: Db,
  id: number,
  change: { passwordHash: string; reason: string },
  notice: CredentialsNotice,
  now: Date,
) {
  const member = await lockedMember(trx, id);
  await trx
    .updateTable('users')
    .set({ password: change.passwordHash, is_password_set: 1, updated_at: now })
    .where('id', '=', id)
    .execute();
  const signedOut = await signOutEverywhere(trx, id, now);
  await notifyMember(trx, id, PASSWORD_RESET_BY_OPERATOR_MESSAGE);
  const smsTo = notice.sms && isBoundMobile(member.mobile) ? member.mobile : null;
  return {
    smsTo,
    audit: {
      after: {
        reason: change.reason,
        sessions_signed_out: signedOut,
        sms_notice_to: smsTo ? maskedMobile(smsTo) : null,
      },
    },
  };
}

export async function memberExists(db: Db, id: number): Promise<void> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(MEMBER_NOT_FOUND);
}
