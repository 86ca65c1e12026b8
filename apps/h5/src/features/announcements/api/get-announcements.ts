import type { AnnouncementPage } from '@kezhan/contract/announcements';
import { http, type RequestOptions } from '@/shared/http/client';

export const ANNOUNCEMENTS_PAGE_SIZE = 20;

export function getAnnouncements(page: number, options?: RequestOptions) {
  return http.get<AnnouncementPage>(
    '/api/v2/announcements',
    { page, size: ANNOUNCEMENTS_PAGE_SIZE },
    options,
  );
}
