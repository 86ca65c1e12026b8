import type { TokenResult } from '@/shared/api/types';
import { http } from '@/shared/http/client';

export function registerWithSocialite(input: { mobile: string; mobile_code: string; code: string }) {
  return http.post<TokenResult>('/api/v3/auth/register/withSocialite', input, { withBrowserCookie: true });
}
