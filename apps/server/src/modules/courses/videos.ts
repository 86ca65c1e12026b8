import type { PlayInfo, PlayUrl, VideoDetail } from '@kezhan/contract/courses';
import type { Db } from '../../shared/db/database';
import { BusinessError, GENERIC_ERROR_MESSAGE } from '../../shared/http/errors';
import {
  accessToCourse,
  decideVideoAccess,
  isCourseOnSale,
  ownsVideo,
  isVideoVisible,
  type VideoAccess,
} from './access';
import { loadCourseOutline, loadWatchProgress } from './catalogue';
import { courseDetailCourse, courseVideo, type CourseRow, type VideoRow } from './serialize';

export const BUY_TO_WATCH_MESSAGE = '请购买后观看';

/** A visible video of an on-sale course, or the contract's `错误`. */
export async function findVisibleVideo(
  db: Db,
  videoId: number,
  now: Date,
): Promise<{ video: VideoRow; course: CourseRow }> {
  const video = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirst();
  if (!video || !isVideoVisible(video, now)) throw new BusinessError(GENERIC_ERROR_MESSAGE);
  const course = await db
    .selectFrom('courses')
    .selectAll()
    .where('id', '=', video.course_id)
    .executeTakeFirst();
  if (!course || !isCourseOnSale(course, now)) throw new BusinessError(GENERIC_ERROR_MESSAGE);
  return { video, course };
}

/** What this member may do with this video (guests: nothing). */
export async function videoAccessOf(
  db: Db,
  userId: number | null,
  video: VideoRow,
  course: CourseRow,
  now: Date,
): Promise<VideoAccess> {
  const access = await accessToCourse(db, userId, course, now);
  const boughtVideo = userId !== null && !access.canSee && (await ownsVideo(db, userId, video.id));
  return decideVideoAccess(video, access, userId !== null, boughtVideo);
}

/**
 * How much of a video this member may watch right now; a hidden video or a course off sale is
 * `none`. Protected playback asks it for every key (create-services.ts hands it to the media service).
 */
export async function currentVideoAccess(
  db: Db,
  userId: number,
  videoId: number,
  now: Date,
): Promise<VideoAccess> {
  try {
    const { video, course } = await findVisibleVideo(db, videoId, now);
    return await videoAccessOf(db, userId, video, course, now);
  } catch (error) {
    if (error instanceof BusinessError) return { kind: 'none' };
    throw error;
  }
}

/** Puts the course on the member's "在学" list (or marks it studied again). */
export async function touchLearnRecord(db: Db, userId: number, courseId: number, now: Date): Promise<void> {
  await db
    .insertInto('course_learn_records')
    .values({ user_id: userId, course_id: courseId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'course_id']).doUpdateSet({ updated_at: now }))
    .execute();
}

export async function loadVideoDetail(
  db: Db,
  appUrl: string,
  now: Date,
  videoId: number,
  userId: number | null,
): Promise<VideoDetail> {
  const { video, course } = await findVisibleVideo(db, videoId, now);
  const access = await videoAccessOf(db, userId, video, course, now);
  const isWatch = access.kind === 'full';
  await db
    .updateTable('videos')
    .set((eb) => ({ view_num: eb('view_num', '+', 1) }))
    .where('id', '=', video.id)
    .execute();
  if (isWatch && userId !== null) await touchLearnRecord(db, userId, course.id, now);
  const [outline, progress] = await Promise.all([
    loadCourseOutline(db, course.id, now),
    loadWatchProgress(db, userId, course.id),
  ]);
  return {
    video: courseVideo({ ...video, view_num: video.view_num + 1 }),
    videos: outline.videos,
    chapters: outline.chapters,
    course: courseDetailCourse(course),
    is_watch: isWatch,
    video_watched_progress: progress,
    buy_videos: [],
  };
}

function formatOf(url: string): string {
  const pathOnly = url.split(/[?#]/)[0];
  const match = /\.([a-z0-9]{1,8})$/i.exec(pathOnly);
  return match ? match[1].toLowerCase() : '';
}

function playUrl(appUrl: string, stored: string, duration: number, name: string): PlayUrl {
  // An embedded player snippet (`<iframe …>`) is passed through for the h5 to embed.
  if (stored.trimStart().startsWith('<')) return { url: stored, format: '', duration, name };
  // `url` is not one of the picture fields route() makes absolute (page links share the name).
  const url = stored.startsWith('/') && !stored.startsWith('//') ? `${appUrl}${stored}` : stored;
  return { url, format: formatOf(stored), duration, name };
}

/** A signed-in member and the login session (`user_login_records.id`) that asks. */
export interface Viewer {
  id: number;
  loginId: number;
}

/** Protected video (modules/media): signed addresses of a video's asset; null = no asset. */
export interface ProtectedPlayback {
  playUrls(
    video: { id: number; duration: number; free_seconds: number },
    viewer: Viewer,
    scope: 'full' | 'trial',
    appUrl: string,
    trialSeconds: number,
  ): Promise<PlayUrl[] | null>;
}

/**
 * `GET /api/v2/video/{id}/playinfo`. A video with a media asset answers a signed, expiring
 * address of its encrypted stream (the full one, or only the trial cut). Otherwise: Full access → the video's URL. Otherwise, when a trial was
 * asked for (`is_try` present) and the video has `free_seconds`, only its trial rendition
 * (`trial_url`) with `trial_seconds` set — the full URL never leaves the server; no trial
 * rendition means no URL. Anything else → `请购买后观看`.
 */
export async function loadPlayInfo(
  db: Db,
  appUrl: string,
  now: Date,
  videoId: number,
  viewer: Viewer,
  trialRequested: boolean,
  media?: ProtectedPlayback,
): Promise<PlayInfo> {
  const { video, course } = await findVisibleVideo(db, videoId, now);
  const access = await videoAccessOf(db, viewer.id, video, course, now);
  if (access.kind === 'full') {
    const urls = await media?.playUrls(video, viewer, 'full', appUrl, 0);
    if (urls) return { urls, trial_seconds: 0 };
    return { urls: video.url ? [playUrl(appUrl, video.url, video.duration, '')] : [], trial_seconds: 0 };
  }
  if (access.kind === 'trial' && trialRequested) {
    const seconds = video.duration > 0 ? Math.min(access.seconds, video.duration) : access.seconds;
    const urls = await media?.playUrls(video, viewer, 'trial', appUrl, seconds);
    if (urls) return { urls, trial_seconds: seconds };
    return {
      urls: video.trial_url ? [playUrl(appUrl, video.trial_url, seconds, '试看')] : [],
      trial_seconds: seconds,
    };
  }
  throw new BusinessError(BUY_TO_WATCH_MESSAGE);
}
