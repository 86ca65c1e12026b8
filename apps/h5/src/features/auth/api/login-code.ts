import { http } from '@/shared/http/client';

export interface CodeLoginResult {
  success?: number;
  token?: string;
  action?: string;
  code?: string;
}

export function loginWithCode(code: string) {
  return http.post<CodeLoginResult>('/api/v3/auth/login/code', { code }, { withBrowserCookie: true });
}
