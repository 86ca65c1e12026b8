import type { VideoRecordBody } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** Saves the playback position (whole seconds ≥ 1); the server keeps the furthest one. */
export function recordVideo(id: number, body: VideoRecordBody, options?: RequestOptions) {
  return http.post<[]>(`/api/v2/video/${id}/record`, body, options);
}
