import { DEFAULT_AVATAR } from '@kezhan/contract/images';
import type { CommentList } from '@kezhan/contract/courses';
import type { Db } from '../../shared/db/database';
import { isoTimestamp } from '../../shared/time';
import { ipProvince } from '../../shared/ip-region';
import { escapeHtml, phpMap } from './serialize';

export const COMMENT_ON = { course: 1, video: 2 } as const;
export type CommentTarget = (typeof COMMENT_ON)[keyof typeof COMMENT_ON];

const NEWEST = 200;

/** The newest 200 comments of a course or video, with their authors. */
export async function listComments(db: Db, rt: CommentTarget, rid: number): Promise<CommentList> {
  const rows = await db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.user_id',
      'c.content',
      'c.created_at',
      'c.ip',
      'c.ip_province',
      'u.avatar',
      'u.nick_name',
    ])
    .where('c.rt', '=', rt)
    .where('c.rid', '=', rid)
    // The flat 2024 list: approved top-level comments only (replies live in the v3 threads).
    .where('c.status', '=', 'approved')
    .where('c.parent_id', '=', 0)
    .orderBy('c.id', 'desc')
    .limit(NEWEST)
    .execute();
  const users = new Map<number, { id: number; avatar: string; nick_name: string }>();
  for (const row of rows) {
    if (row.nick_name === null || users.has(row.user_id)) continue;
    users.set(row.user_id, {
      id: row.user_id,
      avatar: row.avatar || DEFAULT_AVATAR,
      nick_name: row.nick_name,
    });
  }
  return {
    comments: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      render_content: escapeHtml(row.content),
      created_at: isoTimestamp(row.created_at)!,
      // Never the commenter's address: at most where it is (older rows are looked up now).
      ip: '',
      ip_province: row.ip_province || ipProvince(row.ip),
    })),
    users: phpMap([...users.entries()].sort(([a], [b]) => a - b)),
  };
}
