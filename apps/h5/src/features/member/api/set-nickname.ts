import type { NicknameBody } from '@kezhan/contract/member';
import { http } from '@/shared/http/client';

/** A nickname can be set once (`is_set_nickname`). */
export function setNickname(body: NicknameBody) {
  return http.post<[]>('/api/v2/member/detail/nickname', body);
}
