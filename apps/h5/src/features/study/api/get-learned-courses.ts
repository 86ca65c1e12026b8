import type { LearnedCourseList } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** 在学: courses the member has studied, most recent first. */
export function getLearnedCourses(params: { page: number; size: number }, options?: RequestOptions) {
  return http.get<LearnedCourseList>('/api/v3/member/courses/learned', { ...params, type: 'vod' }, options);
}
