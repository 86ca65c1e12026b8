import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import type { SettingsSnapshot } from '../../shared/settings/settings-service';
import { WELCOME_MESSAGE, nicknameCandidates } from './new-member';
import { notifyMember } from '../messages/notify';
import { deliverGoods } from '../orders/delivery';
import '../courses/tables';

/** Giving courses or VIP days is its own, sensitive permission (member.grant), also at creation. */
export const GRANT_ON_CREATE_DENIED = '没有赠送课程或会员的权限，请去掉课程和会员后再创建';
export const importGrantDenied = (rows: number) =>
  `没有赠送课程或会员的权限：文件中有 ${rows} 行含课程或会员，请去掉后重新上传`;

export const MOBILE_ALREADY_MEMBER = '该手机号已是学员';
export const NICKNAME_TAKEN_BY_OTHER = '该昵称已被其他学员使用';
export const VIP_DAYS_WITHOUT_PLAN = '赠送会员天数时请选择会员计划';
export const VIP_PLAN_WITHOUT_DAYS = '请填写赠送的会员天数';
export const unknownCoursesMessage = (ids: number[]) => `课程不存在：${ids.join('、')}`;
export const unknownPlanMessage = (id: number) => `会员计划不存在：${id}`;

/**
 * The password of a member created by an operator without one. No login accepts it
 * (`verifyPassword` knows only scrypt and bcrypt hashes), so the member signs in by SMS until they
 * set a password of their own; and no scrypt run is spent on it, which matters for 10,000 imports.
 */
const NO_PASSWORD = '!';

/** A member as an operator gives them: the console's form or one row of an import. */
export interface OperatorMember {
  mobile: string;
  nickName?: string;
  /** Already hashed (`hashPassword`), or absent. */
  passwordHash?: string;
  courseIds: number[];
  roleId?: number;
  vipDays?: number;
}

/** What new members get from the site settings, read once per request or import batch. */
export interface NewMemberDefaults {
  avatar: string;
  isLock: 0 | 1;
  isActive: 0 | 1;
}

export const newMemberDefaults = (settings: SettingsSnapshot): NewMemberDefaults => ({
  avatar: settings.text('member.default_avatar'),
  isLock: settings.int('member.is_lock_default') === 1 ? 1 : 0,
  isActive: settings.int('member.is_active_default') === 1 ? 1 : 0,
});

/**
 * The message refusing goods that do not exist (deleted courses count as missing), or null. One
 * query per kind, so an import checks its whole file at once.
 */
export async function goodsProblems(db: Db, courseIds: number[], roleIds: number[]) {
  const wantedCourses = [...new Set(courseIds)];
  const wantedRoles = [...new Set(roleIds)];
  const [courses, roles] = await Promise.all([
    wantedCourses.length
      ? db
          .selectFrom('courses')
          .select('id')
          .where('id', 'in', wantedCourses)
          .where('deleted_at', 'is', null)
          .execute()
      : [],
    wantedRoles.length ? db.selectFrom('roles').select('id').where('id', 'in', wantedRoles).execute() : [],
  ]);
  return {
    courses: new Set(courses.map((row) => row.id)),
    roles: new Set(roles.map((row) => row.id)),
  };
}

/** Refuses (in Chinese) a form whose courses or plan do not exist, or VIP days without a plan. */
export async function checkGoods(db: Db, member: OperatorMember): Promise<void> {
  if (member.vipDays && !member.roleId) throw new BusinessError(VIP_DAYS_WITHOUT_PLAN);
  if (member.roleId && !member.vipDays) throw new BusinessError(VIP_PLAN_WITHOUT_DAYS);
  const known = await goodsProblems(db, member.courseIds, member.roleId ? [member.roleId] : []);
  const missing = member.courseIds.filter((id) => !known.courses.has(id));
  if (missing.length) throw new BusinessError(unknownCoursesMessage(missing));
  if (member.roleId && !known.roles.has(member.roleId)) {
    throw new BusinessError(unknownPlanMessage(member.roleId));
  }
}

export type InsertOutcome =
  { id: number } | { taken: typeof MOBILE_ALREADY_MEMBER | typeof NICKNAME_TAKEN_BY_OTHER };

/**
 * Creates a member an operator gave, in the caller's transaction: the row (nickname as given, or
 * 学员 + the mobile's last four digits as at sign-up), the welcome message, and the courses and VIP
 * days given, delivered as an operator's grant is. A mobile or nickname another member holds
 * inserts nothing (the unique indexes decide, so two nodes racing cannot both create it) and
 * answers which was taken. Unlike a sign-up, no agreement is recorded as accepted (the member has
 * not seen it) and no registration reward is given.
 */
export async function insertOperatorMember(
  trx: Db,
  defaults: NewMemberDefaults,
  member: OperatorMember,
  now: Date,
): Promise<InsertOutcome> {
  const taken = await trx
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', member.mobile)
    .executeTakeFirst();
  if (taken) return { taken: MOBILE_ALREADY_MEMBER };
  const names = member.nickName ? [member.nickName] : nicknameCandidates(member.mobile);
  let inserted: { id: number } | undefined;
  for (const nickName of names) {
    inserted = await trx
      .insertInto('users')
      .values({
        mobile: member.mobile,
        nick_name: nickName,
        avatar: defaults.avatar,
        password: member.passwordHash ?? NO_PASSWORD,
        is_password_set: member.passwordHash ? 1 : 0,
        is_lock: defaults.isLock,
        is_active: defaults.isActive,
        role_expired_at: now,
        created_at: now,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) break;
  }
  if (!inserted) {
    const mobileTaken = await trx
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', member.mobile)
      .executeTakeFirst();
    return { taken: mobileTaken ? MOBILE_ALREADY_MEMBER : NICKNAME_TAKEN_BY_OTHER };
  }
  const userId = inserted.id;
  await notifyMember(trx, userId, WELCOME_MESSAGE);
  for (const courseId of member.courseIds) {
    await deliverGoods(trx, userId, 0, { goods_type: 'COURSE', goods_id: courseId, expire_days: 0 }, now);
  }
  if (member.roleId && member.vipDays) {
    await deliverGoods(
      trx,
      userId,
      0,
      { goods_type: 'ROLE', goods_id: member.roleId, expire_days: member.vipDays },
      now,
    );
  }
  return { id: userId };
}
