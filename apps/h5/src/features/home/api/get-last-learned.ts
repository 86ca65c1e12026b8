import type { LearnedCourseList } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** The course studied most recently (在学, first row), for the home page's 继续学习 card. */
export function getLastLearned(options?: RequestOptions) {
  return http.get<LearnedCourseList>(
    '/api/v3/member/courses/learned',
    { page: 1, size: 1, type: 'vod' },
    options,
  );
}
