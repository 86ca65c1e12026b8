import type { Announcement } from '@kezhan/contract/announcements';
import { http, type RequestOptions } from '@/shared/http/client';

export function getAnnouncement(id: number, options?: RequestOptions) {
  return http.get<Announcement>(`/api/v2/announcement/${id}`, undefined, options);
}
