import type { StoreCommentBody, StoredComment } from '@kezhan/contract/comments';
import { http } from '@/shared/http/client';

export function postComment(body: StoreCommentBody) {
  return http.post<StoredComment>('/api/v3/comment/store', body);
}
