import type { SocialBindTicket } from '@kezhan/contract/social';
import { http } from '@/shared/http/client';

/** A single-use, 5-minute ticket that starts a bind by browser navigation (no login token in the URL). */
export function getBindTicket() {
  return http.post<SocialBindTicket>('/api/v3/member/socialite/bindTicket', {});
}
