import type { Db } from '../../shared/db/database';

/**
 * Every rule that decides who may study what. Used by course detail (`isBuy`), video detail
 * (`is_watch`), playinfo, progress records, comments and attachment downloads.
 *
 * - A course is *on sale* while `deleted_at` is null and `published_at <= now`; otherwise nobody
 *   (buyers included) gets anything from it. `is_show = 0` only takes it off the lists.
 * - A member may study the whole course (`canSee`) when the course is free (`is_free = 1`), when
 *   they own it (`user_courses`), or when they are an active VIP (`role_id != 0` and
 *   `role_expired_at > now`) and the course allows VIPs (`is_vip_free = 1`).
 * - A video is *visible* while `is_show = 1` and `published_at <= now`.
 * - A visible video plays in full for `canSee` members, for a member who bought that lesson alone
 *   (`user_videos`, MeEdu before v4.7) and, when `videos.is_free = 1`, for any member. Otherwise,
 *   with `free_seconds > 0`, the member gets a trial: only the video's trial rendition (`trial_url`), never its full URL. Otherwise nothing.
 * - Guests get nothing: playing and recording need a login.
 */
export interface AccessCourse {
  id: number;
  charge: number;
  is_free: number;
  is_vip_free: number;
  published_at: Date | null;
  deleted_at: Date | null;
}

export interface AccessMember {
  role_id: number;
  role_expired_at: Date | null;
}

export interface AccessVideo {
  is_show: number;
  is_free: number;
  free_seconds: number;
  published_at: Date | null;
}

export type AccessReason = 'free' | 'bought' | 'vip';

export interface CourseAccess {
  /** The member owns the course (bought or granted). */
  bought: boolean;
  /** Active VIP, whatever the course. */
  activeVip: boolean;
  /** May study the whole course (the contract's `isBuy` / `canSee`). */
  canSee: boolean;
  reason: AccessReason | null;
}

export type VideoAccess = { kind: 'full' } | { kind: 'trial'; seconds: number } | { kind: 'none' };

export const NO_ACCESS: CourseAccess = { bought: false, activeVip: false, canSee: false, reason: null };

const isPast = (date: Date | null, now: Date) => date !== null && date.getTime() <= now.getTime();

export const isCourseOnSale = (course: Pick<AccessCourse, 'published_at' | 'deleted_at'>, now: Date) =>
  course.deleted_at === null && isPast(course.published_at, now);

export const isVideoVisible = (video: Pick<AccessVideo, 'is_show' | 'published_at'>, now: Date) =>
  video.is_show === 1 && isPast(video.published_at, now);

export const isActiveVip = (member: AccessMember | null, now: Date) =>
  member !== null &&
  member.role_id !== 0 &&
  member.role_expired_at !== null &&
  member.role_expired_at.getTime() > now.getTime();

/** The pure decision for a course already known to be on sale. */
export function decideCourseAccess(
  course: AccessCourse,
  member: AccessMember | null,
  bought: boolean,
  now: Date,
): CourseAccess {
  if (!member) return NO_ACCESS;
  const activeVip = isActiveVip(member, now);
  let reason: AccessReason | null = null;
  if (course.is_free === 1) reason = 'free';
  else if (bought) reason = 'bought';
  else if (activeVip && course.is_vip_free === 1) reason = 'vip';
  return { bought, activeVip, canSee: reason !== null, reason };
}

/** What a member may do with one visible video of an on-sale course. */
export function decideVideoAccess(
  video: AccessVideo,
  access: CourseAccess,
  isMember: boolean,
  boughtVideo = false,
): VideoAccess {
  if (!isMember) return { kind: 'none' };
  if (access.canSee || boughtVideo || video.is_free === 1) return { kind: 'full' };
  if (video.free_seconds > 0) return { kind: 'trial', seconds: video.free_seconds };
  return { kind: 'none' };
}

/** Access to a course row the caller already loaded (and checked to be on sale). */
export async function accessToCourse(
  db: Db,
  userId: number | null,
  course: AccessCourse,
  now: Date,
): Promise<CourseAccess> {
  if (userId === null) return NO_ACCESS;
  const row = await db
    .selectFrom('users as u')
    .leftJoin('user_courses as uc', (join) =>
      join.onRef('uc.user_id', '=', 'u.id').on('uc.course_id', '=', course.id),
    )
    .select(['u.role_id', 'u.role_expired_at', 'uc.course_id as bought_course_id'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return NO_ACCESS;
  return decideCourseAccess(course, row, row.bought_course_id !== null, now);
}

/** Whether the member bought this lesson on its own (`user_videos`). */
export async function ownsVideo(db: Db, userId: number, videoId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_videos')
    .select('video_id')
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The lessons of a course the member bought one at a time (the course detail's `buyVideos`). */
export async function videosBoughtIn(db: Db, userId: number | null, courseId: number): Promise<number[]> {
  if (userId === null) return [];
  const rows = await db
    .selectFrom('user_videos as uv')
    .innerJoin('videos as v', 'v.id', 'uv.video_id')
    .select('uv.video_id')
    .where('uv.user_id', '=', userId)
    .where('v.course_id', '=', courseId)
    .orderBy('uv.video_id')
    .execute();
  return rows.map((row) => row.video_id);
}
