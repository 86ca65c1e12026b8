import type { CourseCategory } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

export function getCourseCategories(options?: RequestOptions) {
  return http.get<CourseCategory[]>('/api/v2/course_categories', undefined, options);
}
