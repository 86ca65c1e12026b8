import type { Db } from '../../shared/db/database';

/** Writes a message to a member's inbox (shown on /messages). Pass the transaction when inside one. */
export async function notifyMember(db: Db, userId: number, message: string): Promise<void> {
  await db.insertInto('notifications').values({ user_id: userId, message }).execute();
}
