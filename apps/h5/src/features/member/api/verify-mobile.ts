import type { MobileVerifySign, VerifyMobileBody } from '@kezhan/contract/member';
import { http } from '@/shared/http/client';

/** Proves the current mobile and returns the ticket for changing it. */
export function verifyMobile(body: VerifyMobileBody) {
  return http.post<MobileVerifySign>('/api/v2/member/verify', body);
}
