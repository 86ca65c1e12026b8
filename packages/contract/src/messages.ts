import { z } from 'zod';
import type { ListWithTotal } from './envelope';

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

/** `GET /api/v2/member/messages?page=&page_size=` — api-contract §10.1 (page_size defaults to 5; at most 100). */
export const messagesQuery = z.object({
  page: positiveInt(100_000, 1),
  page_size: positiveInt(100, 5),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

/** One inbox message. `id` is a string on the wire (MeEdu uses UUIDs); here it holds digits. */
export interface MemberMessage {
  id: string;
  notifiable_id: number;
  data: { message: string };
  /** ISO `YYYY-MM-DDTHH:mm:ss.000000Z`, or null while unread */
  read_at: string | null;
  /** ISO */
  created_at: string;
}

/** `GET /api/v2/member/messages` data, newest first. */
export type MemberMessagesPage = ListWithTotal<MemberMessage>;

/** `GET /api/v2/member/unreadNotificationCount` data: a plain integer, always counted fresh. */
export type UnreadNotificationCount = number;
