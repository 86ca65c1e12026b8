import type { SearchResult } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** `type`: '0' = everything, 'vod' = courses, 'video' = videos. */
export function search(
  params: { keywords: string; type: string; page: number; size: number },
  options?: RequestOptions,
) {
  return http.get<SearchResult>('/api/v3/search', { ...params }, options);
}
