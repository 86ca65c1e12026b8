import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, orEmpty } from './shapes';

/** Site announcements (公告): written by the operator, shown on the home page and their own pages. */

/** Unknown announcement: envelope code 404, as the 2026 MeEdu clients expect. */
export const ANNOUNCEMENT_NOT_FOUND = '资源不存在';

export const announcement = z.strictObject({
  id: z.number(),
  title: z.string(),
  admin_id: z.number(),
  /** HTML body, sanitised when saved. */
  announcement: z.string(),
  view_times: z.number(),
  /** ISO */
  created_at: z.string(),
  /** ISO */
  updated_at: z.string(),
});
export type Announcement = z.infer<typeof announcement>;

export const announcementListItem = z.strictObject({
  id: z.number(),
  title: z.string(),
  announcement: z.string(),
  view_times: z.number(),
  created_at: z.string(),
});
export type AnnouncementListItem = z.infer<typeof announcementListItem>;

const pagingNumber = (fallback: number, max: number) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return fallback;
      if (typeof value === 'string' && /^\d{1,9}$/.test(value.trim())) return Number(value.trim());
      return value;
    },
    z.number({ error: '参数错误' }).int('参数错误').min(0, '参数错误').max(max, '参数错误'),
  );

/** `page` (1), `size` (10; `0` means 15, as MeEdu). */
export const announcementsQuery = z.object({
  page: pagingNumber(1, 100_000).transform((page) => Math.max(page, 1)),
  size: pagingNumber(10, 100).transform((size) => size || 15),
});
export type AnnouncementsQuery = z.input<typeof announcementsQuery>;

export const announcementPage = z.strictObject({ data: z.array(announcementListItem), total: z.number() });
export type AnnouncementPage = z.infer<typeof announcementPage>;

export const announcementsApi = {
  latest: defineEndpoint({
    method: 'GET',
    path: '/api/v2/announcement/latest',
    tag: 'announcements',
    summary: 'The newest announcement',
    data: orEmpty(announcement),
    note: '`[]` when there is none',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/v2/announcement/:id',
    tag: 'announcements',
    summary: 'One announcement',
    params: idParams,
    data: announcement,
    note: 'unknown id → `{code: 404, message: "资源不存在"}`',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/announcements',
    tag: 'announcements',
    summary: 'Announcements, newest first',
    query: announcementsQuery,
    data: announcementPage,
  }),
};
