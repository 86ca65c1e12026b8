import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { notifyMember } from '../messages/notify';
import { recordCredit1 } from '../credits/credit-records';

export const CREDIT_MEMBER_NOT_FOUND = '学员不存在';
export const creditWouldGoNegative = (balance: number) => `积分不足：当前 ${balance} 积分，扣减后不能为负数`;

/**
 * An operator adds points to a member or takes some off, with a reason: the balance changes and a
 * points record (`user_credit1_records`, what the member sees in 积分明细) is written in the same
 * transaction, and the member is told in their inbox as a reward tells them. The balance never goes
 * below 0: points are spent at checkout, so a negative balance would be a debt the site cannot
 * collect; an operator who wants to take more must first look at what is left.
 */
export async function adjustCredit1(trx: Db, memberId: number, change: number, reason: string, now: Date) {
  const member = await trx
    .selectFrom('users')
    .select(['id', 'credit1'])
    .where('id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  if (!member) throw new BusinessError(CREDIT_MEMBER_NOT_FOUND);
  const balance = member.credit1 + change;
  if (balance < 0) throw new BusinessError(creditWouldGoNegative(member.credit1));
  await trx
    .updateTable('users')
    .set({ credit1: balance, updated_at: now })
    .where('id', '=', memberId)
    .execute();
  const remark = `客服调整：${reason}`;
  await recordCredit1(trx, memberId, change, remark, now);
  await notifyMember(trx, memberId, `积分变动:${change}，备注:${remark}`);
  return { before: { credit1: member.credit1 }, after: { credit1: balance, change, reason } };
}
