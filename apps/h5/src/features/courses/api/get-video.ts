import type { VideoDetail } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

export function getVideo(id: number, options?: RequestOptions) {
  return http.get<VideoDetail>(`/api/v2/video/${id}`, undefined, options);
}
