import type { UnreadNotificationCount } from '@kezhan/contract/messages';
import { http } from '@/shared/http/client';

/** Counted fresh by our server. Quiet: a missing badge needs no toast. */
export function getUnreadNotificationCount(signal?: AbortSignal) {
  return http.get<UnreadNotificationCount>('/api/v2/member/unreadNotificationCount', undefined, {
    quiet: true,
    signal,
  });
}
