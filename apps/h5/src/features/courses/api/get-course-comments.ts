import type { CommentList } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

export function getCourseComments(id: number, options?: RequestOptions) {
  return http.get<CommentList>(`/api/v2/course/${id}/comments`, undefined, options);
}
