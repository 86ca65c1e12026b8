import type { AdminComment, AdminCommentFilter, CommentState } from '@kezhan/contract/admin/comments';
import type { Db } from '../../shared/db/database';
import { isoTimestamp } from '../../shared/time';
import { COMMENT_ON } from '../courses/comments';
import type { CommentStatus } from '../courses/tables';

/** Midnight in China (UTC+8) of a `YYYY-MM-DD` day, `plusDays` later. */
const chinaDay = (day: string, plusDays: number) =>
  new Date(Date.parse(`${day}T00:00:00+08:00`) + plusDays * 86_400_000);

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeLiteral = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Db, filter: Omit<AdminCommentFilter, 'page' | 'page_size'>) {
  let query = db
    .selectFrom('comments as c')
    .leftJoin('videos as v', (join) => join.onRef('v.id', '=', 'c.rid').on('c.rt', '=', COMMENT_ON.video))
    .leftJoin('courses as k', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('c.rt', '=', COMMENT_ON.course), eb('k.id', '=', eb.ref('c.rid'))]),
          eb.and([eb('c.rt', '=', COMMENT_ON.video), eb('k.id', '=', eb.ref('v.course_id'))]),
        ]),
      ),
    )
    .leftJoin('users as u', 'u.id', 'c.user_id');
  if (filter.status) query = query.where('c.status', '=', filter.status);
  if (filter.course_id) query = query.where('k.id', '=', filter.course_id);
  if (filter.keyword) {
    const pattern = likeLiteral(filter.keyword);
    query = query.where((eb) =>
      eb.or([eb('c.content', 'ilike', pattern), eb('u.nick_name', 'ilike', pattern)]),
    );
  }
  if (filter.from) query = query.where('c.created_at', '>=', chinaDay(filter.from, 0));
  if (filter.to) query = query.where('c.created_at', '<', chinaDay(filter.to, 1));
  return query;
}

/** The moderation queue: comments on courses and their lessons, newest first. */
export async function listCommentsForModeration(
  db: Db,
  filter: AdminCommentFilter,
): Promise<{ data: AdminComment[]; total: number }> {
  const base = filtered(db, filter);
  const [{ total }] = await base.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const rows = await base
    .select([
      'c.id',
      'c.rt',
      'c.parent_id',
      'c.user_id',
      'c.content',
      'c.status',
      'c.check_reason',
      'c.created_at',
      'k.id as course_id',
      'k.title as course_title',
      'v.title as video_title',
      'u.nick_name',
    ])
    .orderBy('c.id', 'desc')
    .limit(filter.page_size)
    .offset((filter.page - 1) * filter.page_size)
    .execute();
  return {
    total: Number(total),
    data: rows.map((row) => ({
      id: row.id,
      rt: row.rt,
      course_id: row.course_id ?? null,
      course_title: row.course_title ?? '',
      video_title: row.rt === COMMENT_ON.video ? (row.video_title ?? '') : '',
      parent_id: row.parent_id,
      user_id: row.user_id,
      nick_name: row.nick_name ?? '',
      content: row.content,
      status: row.status as CommentState,
      check_reason: row.check_reason,
      created_at: isoTimestamp(row.created_at)!,
    })),
  };
}

export interface ModerationResult {
  /** The comments the decision named that exist. */
  ids: number[];
  before: { id: number; status: CommentStatus }[];
}

/**
 * One decision on several comments. Rejecting or deleting a top-level comment takes its replies
 * with it (a reply never shows without its thread); approving names only the comments given.
 */
export async function moderateComments(
  db: Db,
  ids: number[],
  action: 'approve' | 'reject' | 'delete',
  reason: string,
): Promise<ModerationResult> {
  const before = await db
    .selectFrom('comments')
    .select(['id', 'status'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  const found = before.map((row) => row.id);
  if (found.length === 0) return { ids: [], before: [] };
  if (action === 'delete') {
    await db
      .deleteFrom('comments')
      .where((eb) => eb.or([eb('id', 'in', found), eb('parent_id', 'in', found)]))
      .execute();
  } else if (action === 'reject') {
    await db
      .updateTable('comments')
      .set({ status: 'rejected', check_reason: reason })
      .where((eb) => eb.or([eb('id', 'in', found), eb('parent_id', 'in', found)]))
      .execute();
  } else {
    await db
      .updateTable('comments')
      .set({ status: 'approved', check_reason: '' })
      .where('id', 'in', found)
      .execute();
  }
  return { ids: found, before };
}
