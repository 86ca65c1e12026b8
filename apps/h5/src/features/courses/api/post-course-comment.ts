import type { CommentBody } from '@kezhan/contract/courses';
import { http } from '@/shared/http/client';

export function postCourseComment(id: number, body: CommentBody) {
  return http.post<[]>(`/api/v2/course/${id}/comment`, body);
}
