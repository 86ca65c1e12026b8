import { http } from '@/shared/http/client';

/** Marks every message of the member read. */
export function markAllMessagesRead() {
  return http.get<[]>('/api/v2/member/notificationMarkAllAsRead');
}
