import type { CourseDetail } from '@kezhan/contract/courses';
import { http } from '@/shared/http/client';

/** `GET /api/v2/course/{id}` — read by the checkout for the course's title, cover and price. */
export function getCourse(id: number, signal?: AbortSignal) {
  return http.get<CourseDetail>(`/api/v2/course/${id}`, undefined, { quiet: true, on404: 'reject', signal });
}
