import type { CourseLikeResult } from '@kezhan/contract/courses';
import { http } from '@/shared/http/client';

/** Favourite toggle: answers 1 when the course is now liked, 0 when not. */
export function toggleCourseLike(id: number) {
  return http.get<CourseLikeResult>(`/api/v2/course/${id}/like`);
}
