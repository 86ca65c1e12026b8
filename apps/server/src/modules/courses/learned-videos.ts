import type { LearnedVideo } from '@kezhan/contract/pc';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { rawDateTime } from '../../shared/time';
import { isCourseOnSale } from './access';

/** China time without a zone, `YYYY-MM-DDTHH:mm:ss`, as the PC client expects here. */
const localTime = (date: Date | null) => (date ? rawDateTime(date)!.replace(' ', 'T') : null);

/**
 * `GET /api/v3/member/learned/course/{courseId}`: the course's published, visible lessons by
 * publication time, each with the member's own watch record (or null).
 */
export async function listLearnedVideos(
  db: Db,
  userId: number,
  courseId: number,
  now: Date,
): Promise<LearnedVideo[]> {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'published_at', 'deleted_at'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course || !isCourseOnSale(course, now)) throw new BusinessError('资源不存在', 404);
  const rows = await db
    .selectFrom('videos as v')
    .leftJoin('video_watch_records as r', (join) =>
      join.onRef('r.video_id', '=', 'v.id').on('r.user_id', '=', userId),
    )
    .select([
      'v.id',
      'v.title',
      'v.published_at',
      'v.duration',
      'r.watch_seconds',
      'r.watched_at',
      'r.created_at as record_created_at',
    ])
    .where('v.course_id', '=', courseId)
    .where('v.is_show', '=', 1)
    .where('v.published_at', '<=', now)
    .orderBy('v.published_at')
    .orderBy('v.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    published_at: rawDateTime(row.published_at),
    duration: row.duration,
    watch_record:
      row.record_created_at === null
        ? null
        : {
            watch_seconds: row.watch_seconds ?? 0,
            watched_at: localTime(row.watched_at),
            created_at: localTime(row.record_created_at)!,
          },
  }));
}
