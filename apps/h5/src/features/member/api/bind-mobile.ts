import type { BindMobileBody } from '@kezhan/contract/member';
import { http } from '@/shared/http/client';

/** From the profile: the member's token goes in the header as usual. */
export function bindMobile(body: BindMobileBody) {
  return http.post<[]>('/api/v2/member/detail/mobile', body);
}
