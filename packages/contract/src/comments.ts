import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { orEmpty } from './shapes';
import { requiredText } from './validation';

/**
 * Threaded, moderated comments on courses (`rt` 1) and lessons (`rt` 2) — the 2026 MeEdu
 * endpoints. Ids are opaque strings; a thread is two levels deep (top-level comment, replies).
 */
export const COMMENT_RESOURCE = { course: 1, video: 2 } as const;

export const COMMENT_MESSAGES = {
  contentRequired: '请输入评论内容',
  contentTooLong: '评论内容最多140个字符',
  dailyLimit: '已超出每日评论限制',
  closed: '禁止提交评论',
  parentPending: '评论审核中',
  notFound: '资源不存在',
} as const;
export const COMMENT_MAX_LENGTH = 140;

export const commentUser = z.strictObject({ avatar: z.string(), nick_name: z.string() });

const commentFields = {
  id: z.string(),
  parent_id: z.string(),
  reply_id: z.string(),
  /** `''` until the comment is approved. */
  content: z.string(),
  /** Where the author was (province), never an address. */
  ip_province: z.string(),
  /** 0 = waiting for approval, 1 = approved. */
  is_check: z.union([z.literal(0), z.literal(1)]),
  /** ISO */
  created_at: z.string(),
  user: orEmpty(commentUser),
};

/** A reply: `reply_user` when it answers another reply. */
export const commentReply = z.strictObject({ ...commentFields, reply_user: orEmpty(commentUser).optional() });
export type CommentReply = z.infer<typeof commentReply>;

/** A top-level comment with its reply count and its 3 newest replies. */
export const commentThread = z.strictObject({
  ...commentFields,
  replies_count: z.number(),
  replies: z.array(commentReply),
});
export type CommentThread = z.infer<typeof commentThread>;

/** `rt`, `rid` of a list: missing, non-numeric or < 1 become 1 (as MeEdu). */
const resourceNumber = z.preprocess((value) => {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 ? number : 1;
}, z.number());

export const commentsQuery = z.object({ rt: resourceNumber, rid: resourceNumber });
export const commentRepliesQuery = commentsQuery.extend({
  /** A top-level comment's id; empty, missing or `0` lists every top-level comment. */
  parent_id: z.preprocess(
    (value) => (value === undefined || value === null || String(value) === '0' ? '' : String(value)),
    z.string().max(64, '参数错误'),
  ),
});

const requiredInt = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
  z.number({ error: '参数错误' }).int('参数错误').min(0, '参数错误').max(2_147_483_647, '参数错误'),
);
/** An id as the clients send it: a string, or the number 0 for "none". */
const optionalCommentId = z.preprocess(
  (value) => (value === undefined || value === null || value === 0 || value === '0' ? '' : value),
  z.string({ error: '参数错误' }).max(64, '参数错误'),
);

export const storeCommentBody = z.object({
  rt: requiredInt,
  rid: requiredInt,
  content: requiredText(COMMENT_MESSAGES.contentRequired, 100_000).refine(
    (text) => [...text].length <= COMMENT_MAX_LENGTH,
    COMMENT_MESSAGES.contentTooLong,
  ),
  parent_id: optionalCommentId,
  reply_id: optionalCommentId,
});
/** What a client posts (the schema's input is looser: MeEdu clients send numbers as text too). */
export interface StoreCommentBody {
  rt: number;
  rid: number;
  content: string;
  /** The top-level comment being answered; `0` or absent for a new comment. */
  parent_id?: string | 0;
  /** The reply being answered, under the same parent. */
  reply_id?: string | 0;
}

/** The stored comment as the author sees it right after posting. */
export const storedComment = z.strictObject({
  id: z.string(),
  parent_id: z.string(),
  reply_id: z.string(),
  content: z.string(),
  ip_province: z.string(),
  is_check: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
  user: commentUser,
});
export type StoredComment = z.infer<typeof storedComment>;

export const commentList = z.strictObject({ data: z.array(commentThread), total: z.number() });
export type CommentListV3 = z.infer<typeof commentList>;
export const commentReplies = z.strictObject({ data: z.array(z.union([commentThread, commentReply])) });
export type CommentReplies = z.infer<typeof commentReplies>;

export const commentsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v3/comments',
    tag: 'comments',
    summary: 'The 5 newest top-level comments of a course (rt=1) or lesson (rt=2), with 3 replies each',
    query: commentsQuery,
    data: commentList,
    note: '`total` counts top-level comments; comments waiting for approval have `content: ""`',
  }),
  replies: defineEndpoint({
    method: 'GET',
    path: '/api/v3/comments/replies',
    tag: 'comments',
    summary: 'Every reply of a comment (`parent_id`), or every top-level comment when it is empty',
    query: commentRepliesQuery,
    data: commentReplies,
  }),
  store: defineEndpoint({
    method: 'POST',
    path: '/api/v3/comment/store',
    tag: 'comments',
    summary: 'Post a comment or a reply',
    auth: 'member',
    body: storeCommentBody,
    data: storedComment,
    note: 'waits for approval when the site moderates comments (`is_check: 0`, `content: ""`); at most 100 a day and 5 a minute per member',
  }),
};
