import type { TokenResult } from '@/shared/api/types';
import { http } from '@/shared/http/client';

export function loginMobile(input: { mobile: string; mobile_code: string }) {
  return http.post<TokenResult>('/api/v2/login/mobile', { ...input, msv: '' });
}
