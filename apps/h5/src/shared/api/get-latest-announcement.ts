import type { Announcement } from '@kezhan/contract/announcements';
import { http, type RequestOptions } from '@/shared/http/client';

/** The newest announcement, or `[]` when there is none. */
export function getLatestAnnouncement(options?: RequestOptions) {
  return http.get<Announcement | []>('/api/v2/announcement/latest', undefined, options);
}
