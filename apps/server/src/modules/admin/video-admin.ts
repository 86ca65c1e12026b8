import { randomBytes } from 'node:crypto';
import type { AdminVideoMedia } from '@kezhan/contract/admin/videos';
import { transcodeEtaSeconds } from '../media/media-service';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { requireLiveCourse } from './course-admin';
import { setVideoVodSource, vodSourceOf } from '../media/vod-sources';
import '../courses/tables';
import '../media/tables';

export const CHAPTER_NOT_FOUND = '章节不存在';
export const VIDEO_NOT_FOUND = '视频不存在';
export const CHAPTER_IN_USE = '该章节下还有视频，不能删除';

export async function chapterSnapshot(db: Db, id: number) {
  const row = await db
    .selectFrom('course_chapters')
    .select(['course_id', 'title', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BusinessError(CHAPTER_NOT_FOUND);
  return row;
}

export async function createChapter(
  db: Db,
  courseId: number,
  fields: { title: string; sort?: number },
  now: Date,
) {
  await requireLiveCourse(db, courseId);
  const last = await db
    .selectFrom('course_chapters')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  const row = await db
    .insertInto('course_chapters')
    .values({
      course_id: courseId,
      title: fields.title,
      sort: fields.sort ?? Number(last?.sort ?? 0) + 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateChapter(db: Db, id: number, fields: { title: string; sort?: number }, now: Date) {
  await db
    .updateTable('course_chapters')
    .set({
      title: fields.title,
      ...(fields.sort === undefined ? {} : { sort: fields.sort }),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteChapter(db: Db, id: number) {
  const used = await db
    .selectFrom('videos')
    .select('id')
    .where('chapter_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (used) throw new BusinessError(CHAPTER_IN_USE);
  await db.deleteFrom('course_chapters').where('id', '=', id).execute();
}

export interface VideoFields {
  title: string;
  chapter_id: number | null;
  free_seconds: number;
  ban_drag: number;
  is_show: number;
  /** Absent: unchanged; '' the uploaded file; a vendor: the school's cloud VOD video `vod_media_id`. */
  vod_provider?: '' | 'aliyun' | 'tencent';
  vod_media_id?: string;
}

/** Points the lesson at its cloud VOD video (or back at its file) when the form says so. */
async function applyVodSource(db: Db, videoId: number, fields: VideoFields, now: Date) {
  if (fields.vod_provider === undefined) return;
  const source = fields.vod_provider
    ? { provider: fields.vod_provider, mediaId: fields.vod_media_id ?? '' }
    : null;
  await setVideoVodSource(db, videoId, source, now);
}

async function checkChapter(db: Db, courseId: number, chapterId: number | null) {
  if (chapterId === null) return;
  const chapter = await db
    .selectFrom('course_chapters')
    .select('course_id')
    .where('id', '=', chapterId)
    .executeTakeFirst();
  if (!chapter || chapter.course_id !== courseId) throw new BusinessError(CHAPTER_NOT_FOUND);
}

export async function videoSnapshot(db: Db, id: number) {
  const row = await db
    .selectFrom('videos')
    .select(['course_id', 'chapter_id', 'title', 'free_seconds', 'ban_drag', 'is_show'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BusinessError(VIDEO_NOT_FOUND);
  const vod = await vodSourceOf(db, id);
  return { ...row, vod: vod ? `${vod.provider}:${vod.mediaId}` : '' };
}

/** A new lesson is listed at once (published now) and plays when its file has been processed. */
export async function createVideo(db: Db, courseId: number, fields: VideoFields, now: Date) {
  await requireLiveCourse(db, courseId);
  await checkChapter(db, courseId, fields.chapter_id);
  const row = await db
    .insertInto('videos')
    .values({
      course_id: courseId,
      chapter_id: fields.chapter_id,
      title: fields.title,
      slug: `video-${randomBytes(8).toString('hex')}`,
      free_seconds: fields.free_seconds,
      ban_drag: fields.ban_drag,
      is_show: fields.is_show,
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await applyVodSource(db, row.id, fields, now);
  return row.id;
}

export async function updateVideo(db: Db, id: number, fields: VideoFields, now: Date) {
  const current = await videoSnapshot(db, id);
  await checkChapter(db, current.course_id, fields.chapter_id);
  const { vod_provider: _provider, vod_media_id: _mediaId, ...columns } = fields;
  await db
    .updateTable('videos')
    .set({ ...columns, updated_at: now })
    .where('id', '=', id)
    .execute();
  await applyVodSource(db, id, fields, now);
}

export async function videoMedia(db: Db, videoId: number, now: Date): Promise<AdminVideoMedia> {
  await videoSnapshot(db, videoId);
  const asset = await db
    .selectFrom('media_assets')
    .select(['status', 'progress', 'claimed_at', 'failure_reason', 'source_name', 'duration'])
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  if (!asset) {
    return {
      status: 'none',
      progress: 0,
      eta_seconds: null,
      failure_reason: '',
      source_name: '',
      duration: 0,
    };
  }
  const { claimed_at: _claimedAt, ...shown } = asset;
  return { ...shown, eta_seconds: transcodeEtaSeconds(asset, now) };
}
