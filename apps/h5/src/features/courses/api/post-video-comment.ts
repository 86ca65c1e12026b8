import type { CommentBody } from '@kezhan/contract/courses';
import { http } from '@/shared/http/client';

export function postVideoComment(id: number, body: CommentBody) {
  return http.post<[]>(`/api/v2/video/${id}/comment`, body);
}
