import type { BoughtCourseList } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** 订阅: bought courses, newest purchase first. */
export function getBoughtCourses(params: { page: number; size: number }, options?: RequestOptions) {
  return http.get<BoughtCourseList>('/api/v3/member/courses', { ...params, type: 'vod' }, options);
}
