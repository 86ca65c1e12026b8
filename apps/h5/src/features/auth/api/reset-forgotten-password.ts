import type { PasswordBody } from '@kezhan/contract/member';
import { http } from '@/shared/http/client';

/** 忘记密码: a new password proven by an SMS code (scene `password_reset`); no login needed. */
export function resetForgottenPassword(body: PasswordBody) {
  return http.post<[]>('/api/v2/password/reset', body);
}
