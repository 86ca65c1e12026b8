import { http } from '@/shared/http/client';

/** api-contract §10.4. */
export function markAllMessagesRead() {
  return http.get<[]>('/api/v2/member/notificationMarkAllAsRead');
}
