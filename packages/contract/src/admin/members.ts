import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { emptyData, idParams, listWithTotal } from '../shapes';
import { mobileNumber, oneOf, optionalText, requiredText } from '../validation';
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

export const adminMemberListQuery = pageQuery.extend({
  /** A member id, a mobile (or its beginning) or part of a nickname. */
  keyword: optionalText('搜索词最多 50 个字', 50),
  is_lock: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value),
    integer('锁定状态须为 0 或 1', 0, 1).optional(),
  ),
});
export type AdminMemberListQuery = z.input<typeof adminMemberListQuery>;

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

export const adminMemberMobileBody = z.object({ mobile: mobileNumber() });

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
    permission: 'member.edit',
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
    permission: 'member.edit',
    summary: 'Give a member a course or VIP days, with a reason',
    params: idParams,
    body: adminMemberGoodsBody,
    data: emptyData,
  }),
  revoke: defineEndpoint({
    ...memberEndpoint,
    method: 'POST',
    path: '/api/admin/members/:id/revocations',
    permission: 'member.edit',
    summary: 'Take a course or VIP days back from a member, with a reason',
    params: idParams,
    body: adminMemberGoodsBody,
    data: emptyData,
  }),
  changeMobile: defineEndpoint({
    ...memberEndpoint,
    method: 'PUT',
    path: '/api/admin/members/:id/mobile',
    permission: 'member.edit',
    summary: "Change a member's mobile (format checked, not another member's)",
    params: idParams,
    body: adminMemberMobileBody,
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
