import type { PasswordBody } from '@kezhan/contract/member';
import { http } from '@/shared/http/client';

/** New password proven by an SMS code (scene `password_reset`) to the bound mobile. */
export function resetPassword(body: PasswordBody) {
  return http.post<[]>('/api/v2/member/detail/password', body);
}
