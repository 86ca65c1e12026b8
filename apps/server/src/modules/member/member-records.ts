import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import type { AuditActor } from '../admin/audit';
import { deleteMemberAccount } from './account-deletion';

export const TAG_NOT_FOUND = '标签不存在';
export const TAG_NAME_TAKEN = '已有同名标签';
export const REMARK_NOT_FOUND = '备注不存在';
export const MEMBER_GONE = '学员不存在';

/** The member's row for a change, locked; refused in Chinese when there is none. */
async function lockedMemberRow(trx: Db, id: number) {
  const row = await trx
    .selectFrom('users')
    .select(['id', 'mobile', 'nick_name', 'credit1', 'created_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new BusinessError(MEMBER_GONE);
  return row;
}

/**
 * Deletes a member at once from the console, the same deletion as the h5's account deletion
 * (`deleteMemberAccount`): everything the member owns goes with the row. A pending deletion
 * request of theirs is closed as done. Answers the uploaded files to remove after the commit and
 * the audit's `before`.
 */
export async function deleteMemberByOperator(trx: Db, id: number, now: Date) {
  const member = await lockedMemberRow(trx, id);
  const files = await deleteMemberAccount(trx, id);
  await trx
    .updateTable('user_delete_jobs')
    .set({ status: 'done', handled_at: now })
    .where('user_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  return {
    files,
    before: {
      mobile: member.mobile,
      nick_name: member.nick_name,
      credit1: member.credit1,
      created_at: new Date(member.created_at).toISOString(),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Remarks

export async function addRemark(trx: Db, memberId: number, content: string, actor: AuditActor, now: Date) {
  await lockedMemberRow(trx, memberId);
  const row = await trx
    .insertInto('member_remarks')
    .values({
      user_id: memberId,
      content,
      administrator_id: actor.id,
      administrator_name: actor.name,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function removeRemark(trx: Db, memberId: number, remarkId: number) {
  const removed = await trx
    .deleteFrom('member_remarks')
    .where('id', '=', remarkId)
    .where('user_id', '=', memberId)
    .returning(['content', 'administrator_name'])
    .executeTakeFirst();
  if (!removed) throw new BusinessError(REMARK_NOT_FOUND);
  return removed;
}

export async function memberRemarks(db: Db, memberId: number) {
  const rows = await db
    .selectFrom('member_remarks')
    .select(['id', 'content', 'administrator_name', 'created_at'])
    .where('user_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}

// ---------------------------------------------------------------------------------------------
// Tags

export async function listTags(db: Db) {
  const rows = await db
    .selectFrom('member_tags as t')
    .leftJoin('member_tag_links as l', 'l.tag_id', 't.id')
    .select((eb) => ['t.id', 't.name', eb.fn.count<string>('l.user_id').as('members')])
    .groupBy(['t.id', 't.name'])
    .orderBy('t.name')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, members: Number(row.members) }));
}

export async function createTag(trx: Db, name: string, now: Date) {
  const created = await trx
    .insertInto('member_tags')
    .values({ name, created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning(['id', 'name'])
    .executeTakeFirst();
  if (!created) throw new BusinessError(TAG_NAME_TAKEN);
  return created;
}

export async function deleteTag(trx: Db, id: number) {
  const members = await trx
    .selectFrom('member_tag_links')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tag_id', '=', id)
    .executeTakeFirstOrThrow();
  const removed = await trx
    .deleteFrom('member_tags')
    .where('id', '=', id)
    .returning('name')
    .executeTakeFirst();
  if (!removed) throw new BusinessError(TAG_NOT_FOUND);
  return { name: removed.name, members: Number(members.n) };
}

/** The tags of some members, by member id (for a page of the list or one member). */
export async function tagsOfMembers(db: Db, memberIds: number[]) {
  const byMember = new Map<number, { id: number; name: string }[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await db
    .selectFrom('member_tag_links as l')
    .innerJoin('member_tags as t', 't.id', 'l.tag_id')
    .select(['l.user_id', 't.id', 't.name'])
    .where('l.user_id', 'in', memberIds)
    .orderBy('t.name')
    .execute();
  for (const row of rows) {
    const tags = byMember.get(row.user_id) ?? [];
    tags.push({ id: row.id, name: row.name });
    byMember.set(row.user_id, tags);
  }
  return byMember;
}

/** Replaces a member's tags by `tagIds`; an unknown tag refuses the whole change. */
export async function setMemberTags(trx: Db, memberId: number, tagIds: number[], now: Date) {
  await lockedMemberRow(trx, memberId);
  const wanted = [...new Set(tagIds)];
  if (wanted.length) {
    const known = await trx.selectFrom('member_tags').select('id').where('id', 'in', wanted).execute();
    if (known.length !== wanted.length) throw new BusinessError(TAG_NOT_FOUND);
  }
  const before = (await tagsOfMembers(trx, [memberId])).get(memberId) ?? [];
  await trx.deleteFrom('member_tag_links').where('user_id', '=', memberId).execute();
  if (wanted.length) {
    await trx
      .insertInto('member_tag_links')
      .values(wanted.map((tagId) => ({ user_id: memberId, tag_id: tagId, created_at: now })))
      .execute();
  }
  const after = (await tagsOfMembers(trx, [memberId])).get(memberId) ?? [];
  return { before: { tags: before.map((t) => t.name) }, after: { tags: after.map((t) => t.name) } };
}
