import type { CommentListV3, CommentReplies } from '@kezhan/contract/comments';
import { http, type RequestOptions } from '@/shared/http/client';

/** What a comment is about: a course (`rt` 1) or a lesson (`rt` 2). */
export interface CommentTarget {
  rt: 1 | 2;
  rid: number;
}

/** The newest top-level comments with their first replies, and how many there are. */
export function getComments(target: CommentTarget, options?: RequestOptions) {
  return http.get<CommentListV3>('/api/v3/comments', { ...target }, options);
}

/** Every reply of a comment, or every top-level comment when `parentId` is empty. */
export function getCommentReplies(target: CommentTarget, parentId: string, options?: RequestOptions) {
  return http.get<CommentReplies>('/api/v3/comments/replies', { ...target, parent_id: parentId }, options);
}
