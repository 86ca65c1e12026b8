import type { CourseDetail } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

export function getCourse(id: number, options?: RequestOptions) {
  return http.get<CourseDetail>(`/api/v2/course/${id}`, undefined, options);
}
