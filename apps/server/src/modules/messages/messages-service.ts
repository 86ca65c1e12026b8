import type { MemberMessage, MemberMessagesPage } from '@kezhan/contract/messages';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { isoTimestamp } from '../../shared/time';

export const MESSAGE_NOT_FOUND = '消息不存在';

/** One page of a member's inbox, newest first, with the total count. */
export async function listMessages(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<MemberMessagesPage> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'user_id', 'message', 'read_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const data: MemberMessage[] = rows.map((row) => ({
    id: String(row.id),
    notifiable_id: row.user_id,
    data: { message: row.message },
    read_at: isoTimestamp(row.read_at),
    created_at: isoTimestamp(row.created_at)!,
  }));
  return { data, total: Number(total.count) };
}

/** Marks one of the member's own messages read; someone else's id is "not found" to them. */
export async function markMessageRead(db: Db, userId: number, messageId: number, now: Date): Promise<void> {
  const message = await db
    .selectFrom('notifications')
    .select(['id', 'read_at'])
    .where('id', '=', messageId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!message) throw new BusinessError(MESSAGE_NOT_FOUND);
  if (message.read_at) return;
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('id', '=', messageId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export async function markAllMessagesRead(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** Counted on every call (no cache), so a new message shows at once. */
export async function countUnreadMessages(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
