import type { CourseListPage } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

export interface GetCoursesParams {
  page: number;
  page_size: number;
  category_id: number;
  /** '' = newest first, 'free' = free courses only. */
  scene: string;
}

export function getCourses(params: GetCoursesParams, options?: RequestOptions) {
  return http.get<CourseListPage>('/api/v2/courses', { ...params }, options);
}
