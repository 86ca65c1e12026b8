import { http } from '@/shared/http/client';

/** `token` carries the parked temporary token while no Authorization header is sent. */
export function bindMobile(input: { mobile: string; mobile_code: string; token?: string }) {
  return http.post<unknown>('/api/v2/member/detail/mobile', input);
}
