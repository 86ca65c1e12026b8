import { http } from '@/shared/http/client';

/** Only the member's own message. */
export function markMessageRead(id: string) {
  return http.get<[]>(`/api/v2/member/notificationMarkAsRead/${encodeURIComponent(id)}`);
}
