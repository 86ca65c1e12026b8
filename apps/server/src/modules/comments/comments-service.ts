import { DEFAULT_AVATAR } from '@kezhan/contract/images';
import {
  COMMENT_MESSAGES,
  COMMENT_RESOURCE,
  type CommentReply,
  type CommentThread,
  type StoredComment,
} from '@kezhan/contract/comments';
import type { AppServices } from '../../services';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { ipProvince } from '../../shared/ip-region';
import { isoTimestamp } from '../../shared/time';
import { accessToCourse, isCourseOnSale } from '../courses/access';
import { htmlToText } from '../courses/serialize';
import type { CommentStatus } from '../courses/tables';
import { videoAccessOf } from '../courses/videos';
import type { CommentIds } from './comment-ids';

const PREVIEW_REPLIES = 3;
const NEWEST_THREADS = 5;
export const DAILY_LIMIT = 100;
export const PER_MINUTE_LIMIT = 5;
const NO_PERMISSION = '无权限';

interface CommentRow {
  id: number;
  parent_id: number;
  reply_id: number;
  user_id: number;
  content: string;
  ip_province: string;
  status: CommentStatus;
  created_at: Date;
  avatar: string | null;
  nick_name: string | null;
}

type Author = { avatar: string; nick_name: string } | [];

function selectComments(db: Db) {
  return db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.parent_id',
      'c.reply_id',
      'c.user_id',
      'c.content',
      'c.ip_province',
      'c.status',
      'c.created_at',
      'u.avatar',
      'u.nick_name',
    ])
    .where('c.status', '!=', 'rejected');
}

export class CommentsService {
  constructor(
    private readonly services: AppServices,
    private readonly ids: CommentIds,
  ) {}

  private author(row: Pick<CommentRow, 'avatar' | 'nick_name'>): Author {
    if (row.nick_name === null) return [];
    return {
      avatar: row.avatar || DEFAULT_AVATAR,
      nick_name: row.nick_name,
    };
  }

  private base(row: CommentRow) {
    const approved = row.status === 'approved';
    return {
      id: this.ids.encode(row.id),
      parent_id: this.ids.encode(row.parent_id),
      reply_id: this.ids.encode(row.reply_id),
      content: approved ? row.content : '',
      ip_province: row.ip_province,
      is_check: approved ? (1 as const) : (0 as const),
      created_at: isoTimestamp(row.created_at)!,
      user: this.author(row),
    };
  }

  /** Replies, each with the author of the reply it answers when it answers one. */
  private async replies(rows: CommentRow[]): Promise<CommentReply[]> {
    const answered = [...new Set(rows.map((row) => row.reply_id).filter((id) => id > 0))];
    const authors = new Map<number, Author>();
    if (answered.length > 0) {
      const found = await selectComments(this.services.db).where('c.id', 'in', answered).execute();
      for (const row of found) authors.set(row.id, this.author(row));
    }
    return rows.map((row) => {
      const replyUser = row.reply_id > 0 ? authors.get(row.reply_id) : undefined;
      return { ...this.base(row), ...(replyUser !== undefined ? { reply_user: replyUser } : {}) };
    });
  }

  private async threads(rows: CommentRow[]): Promise<CommentThread[]> {
    if (rows.length === 0) return [];
    const parents = rows.map((row) => row.id);
    const [counts, previews] = await Promise.all([
      this.services.db
        .selectFrom('comments')
        .select(['parent_id', (eb) => eb.fn.countAll<string>().as('count')])
        .where('parent_id', 'in', parents)
        .where('status', '!=', 'rejected')
        .groupBy('parent_id')
        .execute(),
      // The newest few replies of each thread, in one query.
      this.services.db
        .selectFrom(() =>
          selectComments(this.services.db)
            .select((inner) =>
              inner.fn
                .agg<number>('row_number')
                .over((over) => over.partitionBy('c.parent_id').orderBy('c.id', 'desc'))
                .as('position'),
            )
            .where('c.parent_id', 'in', parents)
            .as('ranked'),
        )
        .selectAll()
        .where('position', '<=', PREVIEW_REPLIES)
        .orderBy('id', 'desc')
        .execute(),
    ]);
    const replies = await this.replies(previews);
    return rows.map((row) => ({
      ...this.base(row),
      replies_count: Number(counts.find((count) => count.parent_id === row.id)?.count ?? 0),
      replies: replies.filter((_, index) => previews[index].parent_id === row.id),
    }));
  }

  /** `GET /api/v3/comments`: the newest top-level comments and how many there are. */
  async newest(rt: number, rid: number) {
    const topLevel = selectComments(this.services.db)
      .where('c.rt', '=', rt)
      .where('c.rid', '=', rid)
      .where('c.parent_id', '=', 0);
    const [rows, total] = await Promise.all([
      topLevel.orderBy('c.id', 'desc').limit(NEWEST_THREADS).execute(),
      this.services.db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where('rt', '=', rt)
        .where('rid', '=', rid)
        .where('parent_id', '=', 0)
        .where('status', '!=', 'rejected')
        .executeTakeFirstOrThrow(),
    ]);
    return { data: await this.threads(rows), total: Number(total.total) };
  }

  /** `GET /api/v3/comments/replies`: a thread's replies, or every top-level comment. */
  async replyList(rt: number, rid: number, parentText: string) {
    const parentId = this.ids.decode(parentText);
    if (parentId === null) throw new BusinessError('参数错误');
    const scoped = selectComments(this.services.db).where('c.rt', '=', rt).where('c.rid', '=', rid);
    if (parentId === 0) {
      const rows = await scoped.where('c.parent_id', '=', 0).orderBy('c.id', 'desc').execute();
      return { data: await this.threads(rows) };
    }
    const rows = await scoped.where('c.parent_id', '=', parentId).orderBy('c.id', 'desc').execute();
    return { data: await this.replies(rows) };
  }

  private rateKeys(userId: number, now: Date) {
    const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    return { day: `comments:day:${day}:${userId}`, minute: `comments:minute:${userId}` };
  }

  /** At most 5 stored comments a minute and 100 a (China) day per member; refused tries do not count. */
  private async checkRateLimits(userId: number, now: Date) {
    const keys = this.rateKeys(userId, now);
    const [perDay, perMinute] = await Promise.all([
      this.services.store.get(keys.day),
      this.services.store.get(keys.minute),
    ]);
    if (Number(perDay ?? 0) >= DAILY_LIMIT) throw new BusinessError(COMMENT_MESSAGES.dailyLimit);
    if (Number(perMinute ?? 0) >= PER_MINUTE_LIMIT) throw new BusinessError('请稍后再试', 429);
  }

  private async countComment(userId: number, now: Date) {
    const keys = this.rateKeys(userId, now);
    await this.services.store.increment(keys.day, 86_400);
    await this.services.store.increment(keys.minute, 60);
  }

  /** The member must be able to study what they comment on, and it must take comments. */
  private async checkResource(rt: number, rid: number, userId: number, now: Date) {
    const db = this.services.db;
    if (rt === COMMENT_RESOURCE.course) {
      const course = await db.selectFrom('courses').selectAll().where('id', '=', rid).executeTakeFirst();
      if (!course || !isCourseOnSale(course, now)) throw new BusinessError(COMMENT_MESSAGES.notFound, 404);
      if (course.is_allow_comment !== 1) throw new BusinessError(COMMENT_MESSAGES.closed);
      if (!(await accessToCourse(db, userId, course, now)).canSee) throw new BusinessError(NO_PERMISSION);
      return;
    }
    const video = await db.selectFrom('videos').selectAll().where('id', '=', rid).executeTakeFirst();
    const course = video
      ? await db.selectFrom('courses').selectAll().where('id', '=', video.course_id).executeTakeFirst()
      : undefined;
    if (!video || !course || !isCourseOnSale(course, now))
      throw new BusinessError(COMMENT_MESSAGES.notFound, 404);
    if (video.is_allow_comment !== 1) throw new BusinessError(COMMENT_MESSAGES.closed);
    if ((await videoAccessOf(db, userId, video, course, now)).kind !== 'full')
      throw new BusinessError(NO_PERMISSION);
  }

  /** `POST /api/v3/comment/store` */
  async store(input: {
    userId: number;
    rt: number;
    rid: number;
    content: string;
    parentId: string;
    replyId: string;
    ip: string;
  }): Promise<StoredComment> {
    const parentId = this.ids.decode(input.parentId);
    const replyId = this.ids.decode(input.replyId);
    if (parentId === null || replyId === null || (replyId > 0 && parentId === 0)) {
      await this.checkRateLimits(input.userId, this.services.now());
      throw new BusinessError('参数错误');
    }
    return this.write({ ...input, parentId, replyId });
  }

  /**
   * The one writer of comments, behind v3 (`store`) and the 2024 v2 course and video comment
   * endpoints: the per-member limits, the resource's `is_allow_comment`, the member's access, the
   * thread rules, plain text and moderation, in this order for every caller.
   */
  async write(input: {
    userId: number;
    rt: number;
    rid: number;
    content: string;
    parentId: number;
    replyId: number;
    ip: string;
  }): Promise<StoredComment> {
    const { db } = this.services;
    const now = this.services.now();
    await this.checkRateLimits(input.userId, now);
    const { parentId, replyId } = input;
    if (input.rt !== COMMENT_RESOURCE.course && input.rt !== COMMENT_RESOURCE.video)
      throw new BusinessError('参数错误');
    await this.checkResource(input.rt, input.rid, input.userId, now);
    if (parentId > 0) {
      const parent = await db
        .selectFrom('comments')
        .select(['id', 'parent_id', 'rt', 'rid', 'status'])
        .where('id', '=', parentId)
        .where('status', '!=', 'rejected')
        .executeTakeFirst();
      if (!parent || parent.parent_id !== 0 || parent.rt !== input.rt || parent.rid !== input.rid)
        throw new BusinessError(COMMENT_MESSAGES.notFound, 404);
      if (parent.status !== 'approved') throw new BusinessError(COMMENT_MESSAGES.parentPending);
    }
    if (replyId > 0) {
      const answered = await db
        .selectFrom('comments')
        .select('id')
        .where('id', '=', replyId)
        .where('parent_id', '=', parentId)
        .where('status', '!=', 'rejected')
        .executeTakeFirst();
      if (!answered) throw new BusinessError(COMMENT_MESSAGES.notFound, 404);
    }
    const text = htmlToText(input.content);
    if (!text) throw new BusinessError(COMMENT_MESSAGES.contentRequired);
    const settings = await this.services.settings.snapshot();
    const status: CommentStatus = settings.int('comment.need_approval') === 1 ? 'pending' : 'approved';
    const row = await db
      .insertInto('comments')
      .values({
        rt: input.rt,
        rid: input.rid,
        user_id: input.userId,
        parent_id: parentId,
        reply_id: replyId,
        content: text,
        ip: input.ip.slice(0, 64),
        ip_province: ipProvince(input.ip),
        status,
        created_at: now,
      })
      .returning(['id', 'parent_id', 'reply_id', 'content', 'ip_province', 'status', 'created_at'])
      .executeTakeFirstOrThrow();
    await this.countComment(input.userId, now);
    const author = await db
      .selectFrom('users')
      .select(['avatar', 'nick_name'])
      .where('id', '=', input.userId)
      .executeTakeFirstOrThrow();
    const { user, ...fields } = this.base({ ...row, user_id: input.userId, ...author });
    return { ...fields, user: Array.isArray(user) ? { avatar: '', nick_name: '' } : user };
  }
}

/** Moderation from the operator CLI (and later the console). */
export async function setCommentStatus(
  db: Db,
  id: number,
  status: CommentStatus,
  reason = '',
): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ status, check_reason: reason })
    .where((eb) =>
      status === 'rejected' ? eb.or([eb('id', '=', id), eb('parent_id', '=', id)]) : eb('id', '=', id),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
