import type { PlayInfo } from '@kezhan/contract/courses';
import { http, type RequestOptions } from '@/shared/http/client';

/** Play URLs. `trial` asks for the trial rendition (the server only looks at whether `is_try` is present). */
export function getPlayInfo(id: number, trial: boolean, options?: RequestOptions) {
  return http.get<PlayInfo>(`/api/v2/video/${id}/playinfo`, trial ? { is_try: 1 } : undefined, options);
}
