import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParam, idParams, listWithTotal } from '../shapes';
import { mobileNumber, oneOf, optionalText, requiredSecret, requiredText } from '../validation';
import {
  NICKNAME_MAX_LENGTH,
  NICKNAME_TOO_LONG_MESSAGE,
  nicknameLength,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  passwordProblem,
} from '../rules';
import { pageQuery } from './paging';

const memberEndpoint = { tag: 'admin', auth: 'admin' } as const;

const integer = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

/** An id in a body: a positive integer (JSON number or digits), or absent. */
const optionalId = (message: string) =>
  z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    integer(message, 1, 999_999_999).optional(),
  );

/** The filters of the member list and of its CSV export. */
const memberFilterFields = {
  /** A member id, a mobile (or its beginning) or part of a nickname. */
  keyword: optionalText('搜索词最多 50 个字', 50),
  is_lock: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value),
    integer('锁定状态须为 0 或 1', 0, 1).optional(),
  ),
  /** Only members carrying this tag. */
  tag_id: optionalId('请选择标签'),
};

export const adminMemberListQuery = pageQuery.extend(memberFilterFields);
export type AdminMemberListQuery = z.input<typeof adminMemberListQuery>;

export const adminMemberExportQuery = z.object(memberFilterFields);
export type AdminMemberFilter = z.output<typeof adminMemberExportQuery>;

export const adminMemberTag = z.strictObject({ id: z.number(), name: z.string() });
export type AdminMemberTag = z.infer<typeof adminMemberTag>;

export const adminMember = z.strictObject({
  id: z.number(),
  nick_name: z.string(),
  avatar: z.string(),
  mobile: z.string(),
  /** 0 for an account signed up through a social login that has no real mobile yet. */
  is_bind_mobile: z.number(),
  is_lock: z.number(),
  role_id: z.number(),
  /** The VIP plan's name while it is active, else ''. */
  role_name: z.string(),
  role_expired_at: z.string().nullable(),
  created_at: z.string(),
  tags: z.array(adminMemberTag),
});
export type AdminMember = z.infer<typeof adminMember>;

export const adminMemberDetail = z.strictObject({
  profile: adminMember.extend({
    credit1: z.number(),
    invite_balance: z.number(),
    register_ip: z.string(),
    real_name: z.string(),
    is_verify: z.number(),
  }),
  orders: z.array(
    z.strictObject({
      id: z.number(),
      order_id: z.string(),
      goods: z.string(),
      amount: z.number(),
      status: z.number(),
      payment_method: z.string(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    }),
  ),
  courses: z.array(
    z.strictObject({
      course_id: z.number(),
      title: z.string(),
      charge: z.number(),
      created_at: z.string(),
      /** Percent of the course watched (0–100). */
      progress: z.number(),
      watched_videos: z.number(),
      last_watched_at: z.string().nullable(),
    }),
  ),
  login_records: z.array(
    z.strictObject({
      id: z.number(),
      platform: z.string(),
      ip: z.string(),
      ua: z.string(),
      created_at: z.string(),
      revoked_at: z.string().nullable(),
    }),
  ),
  socials: z.array(z.strictObject({ app: z.string(), app_user_id: z.string(), created_at: z.string() })),
  remarks: z.array(
    z.strictObject({
      id: z.number(),
      content: z.string(),
      administrator_name: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

export const adminMemberLockBody = z.object({
  is_lock: integer('锁定状态须为 0 或 1', 0, 1),
});

export const MEMBER_GOODS_KINDS = ['course', 'vip'] as const;
export type MemberGoodsKind = (typeof MEMBER_GOODS_KINDS)[number];

/**
 * Grant or revoke: a course (`course_id`) or VIP days (`days`; a grant names the plan `role_id`,
 * a revocation takes the days off the member's current plan). The reason is kept in the audit log.
 */
export const adminMemberGoodsBody = z.object({
  kind: oneOf(MEMBER_GOODS_KINDS, '请选择课程或会员'),
  course_id: optionalId('请选择课程'),
  role_id: optionalId('请选择会员计划'),
  days: integer('天数须为 1 到 36500 之间的整数', 1, 36_500).optional(),
  reason: requiredText('请填写原因（200 字以内）', 200),
});
export type AdminMemberGoodsBody = z.input<typeof adminMemberGoodsBody>;

/** Why an operator changes a member's login mobile or password; kept in the audit log. */
const credentialsReason = requiredText('请填写修改原因（200 字以内）', 200);

export const adminMemberMobileBody = z.object({ mobile: mobileNumber(), reason: credentialsReason });
export type AdminMemberMobileBody = z.input<typeof adminMemberMobileBody>;

export const adminMemberPasswordBody = z.object({
  /** The member's own rule (6–16 characters), so they can sign in with it in every client. */
  password: requiredSecret(PASSWORD_REQUIRED_MESSAGE, Number.MAX_SAFE_INTEGER)
    .refine((value) => value.length >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
    .refine((value) => value.length <= PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
  reason: credentialsReason,
});
export type AdminMemberPasswordBody = z.input<typeof adminMemberPasswordBody>;

export const adminMessageBody = z.object({ message: requiredText('请输入消息内容（500 字以内）', 500) });
export type AdminMessageBody = z.input<typeof adminMessageBody>;

export const adminMembersApi = {
  list: defineEndpoint({
    ...memberEndpoint,
    method: 'GET',
    path: '/api/admin/members',
    permission: 'member.view',
    summary: 'Members: search by id, mobile or nickname, newest first, paged',
    query: adminMemberListQuery,
    data: listWithTotal(adminMember),
  }),
  detail: defineEndpoint({
    ...memberEndpoint,
    method: 'GET',
    path: '/api/admin/members/:id',
    permission: 'member.view',
    summary: 'One member: profile, latest orders, courses with progress, login records, social bindings',
    params: idParams,
    data: adminMemberDetail,
  }),
  vipPlans: defineEndpoint({
    ...memberEndpoint,
    method: 'GET',
    path: '/api/admin/members/vip-plans',
    permission: 'member.grant',
    summary: 'The VIP plans VIP days can be granted on (also to those who may not edit plans)',
    data: z.array(z.strictObject({ id: z.number(), name: z.string(), expire_days: z.number() })),
  }),
  lock: defineEndpoint({
    ...memberEndpoint,
    method: 'PUT',
    path: '/api/admin/members/:id/lock',
    permission: 'member.edit',
    summary: 'Lock (every session signed out at once, logins refused) or unlock a member',
    params: idParams,
    body: adminMemberLockBody,
    data: emptyData,
  }),
  grant: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/members/:id/grants',
    permission: 'member.grant',
    summary: 'Give a member a course or VIP days, with a reason',
    params: idParams,
    body: adminMemberGoodsBody,
    data: emptyData,
  }),
  revoke: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/members/:id/revocations',
    permission: 'member.grant',
    summary: 'Take a course or VIP days back from a member, with a reason',
    params: idParams,
    body: adminMemberGoodsBody,
    data: emptyData,
  }),
  changeMobile: defineEndpoint({
    ...memberEndpoint,
    method: 'PUT',
    path: '/api/admin/members/:id/mobile',
    permission: 'member.credentials',
    summary:
      "Change a member's mobile, with a reason (not another member's): signed out everywhere and notified",
    params: idParams,
    body: adminMemberMobileBody,
    data: emptyData,
  }),
  resetPassword: defineEndpoint({
    ...memberEndpoint,
    method: 'PUT',
    path: '/api/admin/members/:id/password',
    permission: 'member.credentials',
    summary: "Set a member's password, with a reason: signed out everywhere and notified",
    params: idParams,
    body: adminMemberPasswordBody,
    data: emptyData,
  }),
  message: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/members/:id/messages',
    permission: 'message.send',
    summary: "Write a message to one member's inbox at once",
    params: idParams,
    body: adminMessageBody,
    data: emptyData,
  }),
};

export const BROADCAST_AUDIENCES = ['all', 'member', 'vip', 'course', 'registered'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];
export const BROADCAST_STATES = ['queued', 'sending', 'done'] as const;

const day = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: '日期格式须为 YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为 YYYY-MM-DD')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), '日期格式须为 YYYY-MM-DD'),
);

/**
 * A message to one member (`member_id`, written at once), VIP members, buyers of a course
 * (`course_id`), members registered between two days (UTC+8, both included) or everyone.
 */
export const adminBroadcastBody = adminMessageBody.extend({
  audience: oneOf(BROADCAST_AUDIENCES, '请选择发送对象'),
  member_id: optionalId('请输入学员 ID'),
  course_id: optionalId('请选择课程'),
  registered_from: day.optional(),
  registered_to: day.optional(),
});
export type AdminBroadcastBody = z.input<typeof adminBroadcastBody>;

export const adminBroadcast = z.strictObject({
  id: z.number(),
  message: z.string(),
  audience: z.enum(BROADCAST_AUDIENCES),
  /** The audience in words, e.g. 购买课程「SQL 入门」的学员. */
  audience_text: z.string(),
  state: z.enum(BROADCAST_STATES),
  total: z.number(),
  sent: z.number(),
  administrator_name: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AdminBroadcast = z.infer<typeof adminBroadcast>;

export const adminBroadcastsApi = {
  list: defineEndpoint({
    ...memberEndpoint,
    method: 'GET',
    path: '/api/admin/broadcasts',
    permission: 'message.send',
    summary: 'Messages sent from the console, newest first, with their progress (sent / total)',
    query: pageQuery,
    data: listWithTotal(adminBroadcast),
  }),
  create: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/broadcasts',
    permission: 'message.send',
    summary: 'Send a message to one member (at once) or a group (a background job, in batches)',
    body: adminBroadcastBody,
    data: z.strictObject({ id: z.number() }),
  }),
};

// ---------------------------------------------------------------------------------------------
// Creating, deleting, tagging, remarks and points of members

/** Field limits shared by the server's checks and the console. */
export const MEMBER_TAG_MAX_LENGTH = 20;
export const MEMBER_CREDIT_MAX_CHANGE = 1_000_000;

const blankAsAbsent = (value: unknown) => (value === null || value === '' ? undefined : value);

/** An optional nickname: at most 24 characters (code points), as the member's own profile allows. */
const optionalNickname = optionalText(NICKNAME_TOO_LONG_MESSAGE, 200).refine(
  (value) => value === undefined || nicknameLength(value) <= NICKNAME_MAX_LENGTH,
  NICKNAME_TOO_LONG_MESSAGE,
);

/** An optional first password, under the rules of the member's own password change. */
const optionalPassword = z.preprocess(
  blankAsAbsent,
  z
    .string({ error: '密码格式不正确' })
    .superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
);

const idList = (message: string, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? [] : value),
    z.array(integer(message, 1, 999_999_999), { error: message }).max(max, message),
  );

export const adminMemberCreateBody = z.object({
  mobile: mobileNumber(),
  nick_name: optionalNickname,
  password: optionalPassword,
  /** Courses given at once (as a grant: no order). */
  course_ids: idList('课程 ID 须为正整数，最多 20 门', 20),
  role_id: optionalId('请选择会员计划'),
  vip_days: z.preprocess(blankAsAbsent, integer('天数须为 1 到 36500 之间的整数', 1, 36_500).optional()),
});
export type AdminMemberCreateBody = z.input<typeof adminMemberCreateBody>;

export const adminMemberDeleteBody = z.object({
  reason: requiredText('请填写删除原因（200 字以内）', 200),
});

export const adminMemberRemarkBody = z.object({
  content: requiredText('请填写备注（500 字以内）', 500),
});

export const adminMemberTagsBody = z.object({ tag_ids: idList('标签 ID 须为正整数，最多 20 个', 20) });

export const adminMemberTagBody = z.object({
  name: requiredText(`请填写标签名（${MEMBER_TAG_MAX_LENGTH} 字以内）`, MEMBER_TAG_MAX_LENGTH),
});

export const adminMemberCreditBody = z.object({
  /** Points added (positive) or taken off (negative); never zero. */
  change: integer(
    `积分变动须为 -${MEMBER_CREDIT_MAX_CHANGE} 到 ${MEMBER_CREDIT_MAX_CHANGE} 之间的非零整数`,
    -MEMBER_CREDIT_MAX_CHANGE,
    MEMBER_CREDIT_MAX_CHANGE,
  ).refine(
    (value) => value !== 0,
    `积分变动须为 -${MEMBER_CREDIT_MAX_CHANGE} 到 ${MEMBER_CREDIT_MAX_CHANGE} 之间的非零整数`,
  ),
  reason: requiredText('请填写原因（100 字以内）', 100),
});
export type AdminMemberCreditBody = z.input<typeof adminMemberCreditBody>;

export const adminMemberRemarkParams = z.object({ id: idParam(), remarkId: idParam() });

export const adminMemberTagWithCount = adminMemberTag.extend({ members: z.number() });

export const adminMemberCreditRecord = z.strictObject({
  sum: z.number(),
  remark: z.string(),
  created_at: z.string(),
});

export const adminMemberAccountsApi = {
  create: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/members',
    permission: 'member.edit',
    summary: 'Create one member (mobile, optional nickname and password, courses and VIP days given)',
    body: adminMemberCreateBody,
    data: z.strictObject({ id: z.number() }),
  }),
  remove: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/members/:id/deletion',
    permission: 'member.edit',
    summary:
      "Delete a member at once, as the h5's account deletion does after its grace period (with a reason)",
    params: idParams,
    body: adminMemberDeleteBody,
    data: emptyData,
  }),
  exportCsv: defineEndpoint({
    ...memberEndpoint,
    method: 'GET',
    path: '/api/admin/members/export',
    permission: 'member.view',
    summary: 'The filtered members as CSV (UTF-8 with BOM for Excel), streamed in batches',
    query: adminMemberExportQuery,
    answers: 'text/csv',
    note: "CSV file (`Content-Disposition: attachment`); cells that a spreadsheet would run as a formula are prefixed with `'`",
  }),
  addRemark: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/members/:id/remarks',
    permission: 'member.edit',
    summary: 'Add an operator note to a member (shown on the member page, newest first)',
    params: idParams,
    body: adminMemberRemarkBody,
    data: z.strictObject({ id: z.number() }),
  }),
  removeRemark: defineEndpoint({
    ...memberEndpoint,
    method: 'DELETE',
    path: '/api/admin/members/:id/remarks/:remarkId',
    permission: 'member.edit',
    summary: 'Remove an operator note',
    params: adminMemberRemarkParams,
    data: emptyData,
  }),
  setTags: defineEndpoint({
    ...memberEndpoint,
    method: 'PUT',
    path: '/api/admin/members/:id/tags',
    permission: 'member.edit',
    summary: "Set a member's tags (the list given replaces the member's tags)",
    params: idParams,
    body: adminMemberTagsBody,
    data: emptyData,
  }),
  tags: defineEndpoint({
    ...memberEndpoint,
    method: 'GET',
    path: '/api/admin/member-tags',
    permission: 'member.view',
    summary: 'Every member tag with how many members carry it, by name',
    data: z.array(adminMemberTagWithCount),
  }),
  createTag: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/member-tags',
    permission: 'member.edit',
    summary: 'Create a member tag (names are unique)',
    body: adminMemberTagBody,
    data: adminMemberTag,
  }),
  removeTag: defineEndpoint({
    ...memberEndpoint,
    method: 'DELETE',
    path: '/api/admin/member-tags/:id',
    permission: 'member.edit',
    summary: 'Delete a tag; it comes off every member carrying it',
    params: idParams,
    data: emptyData,
  }),
  credits: defineEndpoint({
    ...memberEndpoint,
    method: 'GET',
    path: '/api/admin/members/:id/credits',
    permission: 'member.view',
    summary: "A member's points history, newest first, paged",
    params: idParams,
    query: pageQuery,
    data: listWithTotal(adminMemberCreditRecord),
  }),
  adjustCredits: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/members/:id/credits',
    permission: 'member.edit',
    summary: 'Add or take off points with a reason (a points record; the balance never goes below 0)',
    params: idParams,
    body: adminMemberCreditBody,
    data: z.strictObject({ credit1: z.number() }),
  }),
};
