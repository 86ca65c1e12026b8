import type { CodeLoginResult as WireCodeLoginResult } from '@kezhan/contract/browser';
import { http } from '@/shared/http/client';

/** Either answer's fields, each optional: an older MeEdu server may answer with fewer. */
export type CodeLoginResult = Partial<
  Omit<Extract<WireCodeLoginResult, { success: 1 }>, 'success'> &
    Omit<Extract<WireCodeLoginResult, { success: 0 }>, 'success'> & { success: number }
>;

export function loginWithCode(code: string) {
  return http.post<CodeLoginResult>('/api/v3/auth/login/code', { code }, { withBrowserCookie: true });
}
