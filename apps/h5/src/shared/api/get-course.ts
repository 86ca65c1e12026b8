import type { CourseDetail } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** A course with its lessons and, with a token, the member's progress (the 继续学习 card's next lesson). */
export function getCourse(id: number, options?: RequestOptions) {
  return http.get<CourseDetail>(`/api/v2/course/${id}`, undefined, options);
}
