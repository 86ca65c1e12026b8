import type { TokenResult } from '@/shared/api/types';
import { http } from '@/shared/http/client';

export interface PasswordLoginInput {
  mobile: string;
  password: string;
  /** Only when the server asked for an image captcha (after many wrong passwords). */
  image_key?: string;
  image_captcha?: string;
}

export function loginPassword(input: PasswordLoginInput) {
  return http.post<TokenResult>('/api/v2/login/password', input, { quiet: true });
}
