import type { UnreadNotificationCount } from '@kezhan/contract/messages';
import { http } from '@/shared/http/client';

/** api-contract §10.3, counted fresh by our server. Quiet: a missing badge needs no toast. */
export function getUnreadNotificationCount(signal?: AbortSignal) {
  return http.get<UnreadNotificationCount>('/api/v2/member/unreadNotificationCount', undefined, {
    quiet: true,
    signal,
  });
}
