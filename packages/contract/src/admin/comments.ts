import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listWithTotal } from '../shapes';
import { optionalText } from '../validation';
import { pageQuery } from './paging';

/** Comment moderation in the console: the queue across courses and lessons, bulk decisions, the 审核 switch. */

export const COMMENT_STATES = ['pending', 'approved', 'rejected'] as const;
export type CommentState = (typeof COMMENT_STATES)[number];
export const COMMENT_STATE_NAMES: Record<CommentState, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已拒绝',
};
export const COMMENT_ACTIONS = ['approve', 'reject', 'delete'] as const;
export const MAX_MODERATED = 200;

const day = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string({ error: '日期格式错误' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式错误')
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00+08:00`)), '日期格式错误')
    .optional(),
);

export const adminCommentQuery = pageQuery.extend({
  /** Empty = every state. */
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(COMMENT_STATES, { error: '参数错误' }).optional(),
  ),
  /** Comments on the course and on its lessons. */
  course_id: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: '参数错误' }).int('参数错误').positive('参数错误').optional(),
  ),
  keyword: optionalText('参数错误', 64),
  /** `YYYY-MM-DD`, China time, both days included. */
  from: day,
  to: day,
});
export type AdminCommentQuery = z.input<typeof adminCommentQuery>;
export type AdminCommentFilter = z.output<typeof adminCommentQuery>;

export const adminComment = z.strictObject({
  id: z.number(),
  /** 1 = on a course, 2 = on a lesson. */
  rt: z.number(),
  course_id: z.number().nullable(),
  course_title: z.string(),
  /** The lesson's title for a comment on a lesson, else ''. */
  video_title: z.string(),
  /** 0 for a top-level comment, else the comment it replies under. */
  parent_id: z.number(),
  user_id: z.number(),
  nick_name: z.string(),
  content: z.string(),
  status: z.enum(COMMENT_STATES),
  check_reason: z.string(),
  /** ISO */
  created_at: z.string(),
});
export type AdminComment = z.infer<typeof adminComment>;

export const adminModerateBody = z.object({
  ids: z
    .array(z.number({ error: '参数错误' }).int('参数错误').positive('参数错误'), { error: '请选择评论' })
    .min(1, '请选择评论')
    .max(MAX_MODERATED, `一次最多处理 ${MAX_MODERATED} 条评论`),
  action: z.enum(COMMENT_ACTIONS, { error: '参数错误' }),
  /** Shown to nobody but operators; kept on a rejected comment. */
  reason: optionalText('拒绝原因最多 255 字', 255),
});
export type AdminModerateBody = z.input<typeof adminModerateBody>;

export const adminCommentSettings = z.strictObject({
  /** 1 = new comments wait for approval before anyone sees them. */
  need_approval: z.union([z.literal(0), z.literal(1)]),
});
export type AdminCommentSettings = z.infer<typeof adminCommentSettings>;

export const adminCommentSettingsBody = z.object({
  need_approval: z.preprocess(
    (value) => (typeof value === 'boolean' ? Number(value) : value),
    z.union([z.literal(0), z.literal(1)], { error: '审核开关须为 0 或 1' }),
  ),
});

const moderation = { tag: 'admin', auth: 'admin', permission: 'course.edit' } as const;

export const adminCommentsApi = {
  list: defineEndpoint({
    ...moderation,
    method: 'GET',
    path: '/api/admin/comments',
    summary: 'Comments on courses and lessons, newest first, filtered by state, course, keyword and days',
    query: adminCommentQuery,
    data: listWithTotal(adminComment),
  }),
  moderate: defineEndpoint({
    ...moderation,
    method: 'POST',
    path: '/api/admin/comments/moderate',
    summary: 'Approve, reject (hiding its replies) or delete (with its replies) several comments at once',
    body: adminModerateBody,
    data: z.strictObject({ count: z.number() }),
  }),
  settings: defineEndpoint({
    ...moderation,
    method: 'GET',
    path: '/api/admin/comment-settings',
    summary: 'Whether new comments wait for approval (审核)',
    data: adminCommentSettings,
  }),
  saveSettings: defineEndpoint({
    ...moderation,
    method: 'PUT',
    path: '/api/admin/comment-settings',
    summary: 'Turn comment approval (审核) on or off',
    body: adminCommentSettingsBody,
    data: adminCommentSettings,
  }),
};
