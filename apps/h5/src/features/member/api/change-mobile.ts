import type { ChangeMobileBody } from '@kezhan/contract/member';
import { http } from '@/shared/http/client';

/** The new mobile, its SMS code and the ticket from `verifyMobile`. */
export function changeMobile(body: ChangeMobileBody) {
  return http.put<[]>('/api/v2/member/mobile', body);
}
