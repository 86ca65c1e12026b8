import type { LoginCodeBody } from '@kezhan/contract/social';
import { http } from '@/shared/http/client';

/** Redeems the `login_code` a bind redirect brought back. */
export function bindWithCode(body: LoginCodeBody) {
  return http.post<[]>('/api/v3/member/socialite/bindWithCode', body);
}
