import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptyData, idParams, listWithTotal } from './shapes';

const positiveInt = (max: number, fallback: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === '' ? fallback : typeof value === 'string' ? value.trim() : value,
    z
      .union(
        [
          z.number(),
          z
            .string()
            .regex(/^\d{1,9}$/, '参数错误')
            .transform(Number),
        ],
        { error: '参数错误' },
      )
      .pipe(z.number({ error: '参数错误' }).int('参数错误').min(1, '参数错误').max(max, '参数错误')),
  );

/** `GET /api/v2/member/messages?page=&page_size=` (page_size defaults to 5; at most 100). */
export const messagesQuery = z.object({
  page: positiveInt(100_000, 1),
  page_size: positiveInt(100, 5),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

/** One inbox message. `id` is a string on the wire (MeEdu uses UUIDs); here it holds digits. */
export const memberMessage = z.strictObject({
  id: z.string(),
  notifiable_id: z.number(),
  data: z.strictObject({ message: z.string() }),
  /** ISO `YYYY-MM-DDTHH:mm:ss.000000Z`, or null while unread */
  read_at: z.string().nullable(),
  /** ISO */
  created_at: z.string(),
});
export type MemberMessage = z.infer<typeof memberMessage>;

/** `GET /api/v2/member/messages` data, newest first. */
export const memberMessagesPage = listWithTotal(memberMessage);
export type MemberMessagesPage = z.infer<typeof memberMessagesPage>;

/** `GET /api/v2/member/unreadNotificationCount` data: a plain integer, always counted fresh. */
export const unreadNotificationCount = z.number().int();
export type UnreadNotificationCount = z.infer<typeof unreadNotificationCount>;

export const messagesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/member/messages',
    tag: 'messages',
    auth: 'member',
    summary: 'Inbox, newest first',
    query: messagesQuery,
    data: memberMessagesPage,
  }),
  markRead: defineEndpoint({
    method: 'GET',
    path: '/api/v2/member/notificationMarkAsRead/:id',
    tag: 'messages',
    auth: 'member',
    summary: 'Mark one message read',
    params: idParams,
    data: emptyData,
  }),
  markAllRead: defineEndpoint({
    method: 'GET',
    path: '/api/v2/member/notificationMarkAllAsRead',
    tag: 'messages',
    auth: 'member',
    summary: 'Mark every message read',
    data: emptyData,
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/v2/member/unreadNotificationCount',
    tag: 'messages',
    auth: 'member',
    summary: 'Number of unread messages',
    data: unreadNotificationCount,
  }),
};
