import type { TokenResult } from '@/shared/api/types';
import { http } from '@/shared/http/client';

export function loginPassword(input: { mobile: string; password: string }) {
  return http.post<TokenResult>('/api/v2/login/password', input);
}
