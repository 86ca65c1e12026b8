import { recordCredit1 } from '../credits/credit-records';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { BUY_TO_WATCH_MESSAGE, findVisibleVideo, touchLearnRecord, videoAccessOf } from './videos';

/** The fastest playback speed the player offers: a position can grow at most this fast. */
export const MAX_PLAYBACK_RATE = 2;
/** Slack for `ban_drag` videos: report intervals, buffering, clock differences. */
export const DRAG_TOLERANCE_SECONDS = 30;

/** Seconds before the end that still count as "seen to the end" (players stop a little short). */
export const endTolerance = (duration: number) => Math.min(3, Math.floor(duration / 10));

export interface RecordRewards {
  /** credit1 for each video seen to the end. */
  watchedVideo: number;
  /** credit1 for a whole course seen to the end. */
  watchedCourse: number;
}

export interface RecordResult {
  watchSeconds: number;
  videoWatched: boolean;
  courseProgress: number | null;
}

/**
 * `POST /api/v2/video/{id}/record`: one row per (member, video) that never goes back. The
 * position is capped by the video's duration (by `free_seconds` on a trial); on a `ban_drag`
 * video it may not run ahead of the last record by more than the real time elapsed (at the
 * fastest speed) plus a tolerance — a bigger jump is cut down to that limit. Reaching the end
 * sets `watched_at` once, updates the course progress and pays the credit rewards.
 */
export async function recordProgress(
  db: Db,
  input: { userId: number; videoId: number; position: number; now: Date; rewards: RecordRewards },
): Promise<RecordResult> {
  const { userId, videoId, now, rewards } = input;
  const { video, course } = await findVisibleVideo(db, videoId, now);
  const access = await videoAccessOf(db, userId, video, course, now);
  if (access.kind === 'none') throw new BusinessError(BUY_TO_WATCH_MESSAGE);
  const full = access.kind === 'full';

  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('video_watch_records')
      .select(['watch_seconds', 'watched_at', 'updated_at'])
      .where('user_id', '=', userId)
      .where('video_id', '=', videoId)
      .forUpdate()
      .executeTakeFirst();
    const previous = existing?.watch_seconds ?? 0;

    let position = input.position;
    if (video.duration > 0) position = Math.min(position, video.duration);
    if (!full) position = Math.min(position, access.seconds);
    if (video.ban_drag === 1) {
      const elapsed = existing ? Math.max(0, (now.getTime() - existing.updated_at.getTime()) / 1000) : 0;
      position = Math.min(
        position,
        Math.floor(previous + elapsed * MAX_PLAYBACK_RATE + DRAG_TOLERANCE_SECONDS),
      );
    }
    const watchSeconds = Math.max(previous, position);
    const reachedEnd =
      full && video.duration > 0 && watchSeconds >= video.duration - endTolerance(video.duration);
    const becameWatched = reachedEnd && !existing?.watched_at;

    await trx
      .insertInto('video_watch_records')
      .values({
        user_id: userId,
        course_id: course.id,
        video_id: videoId,
        watch_seconds: watchSeconds,
        watched_at: reachedEnd ? now : null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['user_id', 'video_id']).doUpdateSet({
          watch_seconds: sql`greatest(video_watch_records.watch_seconds, excluded.watch_seconds)`,
          watched_at: sql`coalesce(video_watch_records.watched_at, excluded.watched_at)`,
          updated_at: now,
        }),
      )
      .execute();
    if (!full) return { watchSeconds, videoWatched: false, courseProgress: null };

    await touchLearnRecord(trx, userId, course.id, now);
    if (!becameWatched) return { watchSeconds, videoWatched: reachedEnd, courseProgress: null };

    const counts = await trx
      .selectFrom('videos as v')
      .leftJoin('video_watch_records as r', (join) =>
        join.onRef('r.video_id', '=', 'v.id').on('r.user_id', '=', userId).on('r.watched_at', 'is not', null),
      )
      .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(r.id)::int`.as('watched')])
      .where('v.course_id', '=', course.id)
      .where('v.is_show', '=', 1)
      .where('v.published_at', '<=', now)
      .executeTakeFirstOrThrow();
    const progress =
      counts.total > 0 ? Math.min(100, Math.round((counts.watched / counts.total) * 100)) : 100;
    const learn = await trx
      .selectFrom('course_learn_records')
      .select('is_watched')
      .where('user_id', '=', userId)
      .where('course_id', '=', course.id)
      .executeTakeFirstOrThrow();
    const courseDone = progress === 100 && learn.is_watched === 0;
    await trx
      .updateTable('course_learn_records')
      .set({
        progress,
        ...(courseDone ? { is_watched: 1, watched_at: now } : {}),
        updated_at: now,
      })
      .where('user_id', '=', userId)
      .where('course_id', '=', course.id)
      .execute();
    const credit = rewards.watchedVideo + (courseDone ? rewards.watchedCourse : 0);
    if (credit > 0) {
      await trx
        .updateTable('users')
        .set((eb) => ({ credit1: eb('credit1', '+', credit) }))
        .where('id', '=', userId)
        .execute();
      if (rewards.watchedVideo > 0)
        await recordCredit1(trx, userId, rewards.watchedVideo, `看完视频送${rewards.watchedVideo}积分`, now);
      if (courseDone && rewards.watchedCourse > 0)
        await recordCredit1(
          trx,
          userId,
          rewards.watchedCourse,
          `学完课程送${rewards.watchedCourse}积分`,
          now,
        );
    }
    return { watchSeconds, videoWatched: true, courseProgress: progress };
  });
}
