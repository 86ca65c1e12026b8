import type { LikedCourseList } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** 收藏: liked courses, newest first. */
export function getLikedCourses(params: { page: number; size: number }, options?: RequestOptions) {
  return http.get<LikedCourseList>('/api/v3/member/courses/like', { ...params, type: 'vod' }, options);
}
