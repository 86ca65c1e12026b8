import type { CreditRecordPage } from '@kezhan/contract/pc';
import type { Db } from '../../shared/db/database';
import { isoTimestamp } from '../../shared/time';

/** Writes down a change of the member's points; call it next to the update of `users.credit1`. */
export async function recordCredit1(db: Db, userId: number, sum: number, remark: string, now: Date) {
  if (sum === 0) return;
  await db
    .insertInto('user_credit1_records')
    .values({ user_id: userId, sum, remark: remark.slice(0, 255), created_at: now })
    .execute();
}

export async function listCredit1Records(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<CreditRecordPage> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('user_credit1_records')
      .select(['sum', 'remark', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('user_credit1_records')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.total),
    data: rows.map((row) => ({ ...row, created_at: isoTimestamp(row.created_at)! })),
  };
}
