import type {
  CourseCategory,
  CourseChapter,
  CourseDetail,
  CourseListItem,
  CourseListPage,
  CourseVideo,
  PhpMap,
  VideoWatchProgress,
} from '@kezhan/contract/courses';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { BusinessError, GENERIC_ERROR_MESSAGE } from '../../shared/http/errors';
import { laravelPage } from '../../shared/http/pagination';
import { accessToCourse, isCourseOnSale, videosBoughtIn } from './access';
import {
  courseBase,
  courseDetailCourse,
  courseVideo,
  groupBy,
  phpMap,
  watchProgress,
  type CourseRow,
} from './serialize';

export async function listCategories(db: Db): Promise<CourseCategory[]> {
  const rows = await db
    .selectFrom('course_categories')
    .select(['id', 'name', 'parent_id', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows
    .filter((row) => row.parent_id === 0)
    .map((parent) => ({
      id: parent.id,
      name: parent.name,
      parent_id: 0 as const,
      sort: parent.sort,
      children: rows
        .filter((child) => child.parent_id === parent.id)
        .map((child) => ({ id: child.id, sort: child.sort, name: child.name, parent_id: child.parent_id })),
    }));
}

/** Courses on the lists: shown, published, not deleted. */
export function listedCourses(db: Db, now: Date) {
  return db
    .selectFrom('courses as c')
    .where('c.is_show', '=', 1)
    .where('c.deleted_at', 'is', null)
    .where('c.published_at', '<=', now);
}

export interface CourseListOptions {
  page: number;
  pageSize: number;
  categoryId: number;
  scene: string;
}

export async function listCourses(
  db: Db,
  now: Date,
  { page, pageSize, categoryId, scene }: CourseListOptions,
): Promise<CourseListPage> {
  let query = listedCourses(db, now);
  if (categoryId > 0) {
    query = query.where((eb) =>
      eb.or([
        eb('c.category_id', '=', categoryId),
        eb(
          'c.category_id',
          'in',
          eb.selectFrom('course_categories').select('id').where('parent_id', '=', categoryId),
        ),
      ]),
    );
  }
  if (scene === 'free') query = query.where('c.is_free', '=', 1);
  if (scene === 'recom') query = query.where('c.is_rec', '=', 1);

  const { total } = await query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  let rows = query
    .leftJoin('course_categories as cat', 'cat.id', 'c.category_id')
    .selectAll('c')
    .select([
      'cat.id as cat_id',
      'cat.name as cat_name',
      sql<number>`(select count(*)::int from videos v where v.course_id = c.id and v.is_show = 1 and v.published_at <= ${now})`.as(
        'videos_count',
      ),
    ]);
  if (scene === 'sub') rows = rows.orderBy('c.user_count', 'desc');
  if (scene === 'recom') rows = rows.orderBy('c.id', 'desc');
  else rows = rows.orderBy('c.published_at', 'desc');
  const items = await rows
    .orderBy('c.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return laravelPage({
    path: 'api/v2/courses',
    page,
    perPage: pageSize,
    total,
    items: items.map((row): CourseListItem => ({
      ...courseBase(row),
      videos_count: row.videos_count,
      category: row.cat_id !== null && row.cat_name !== null ? { id: row.cat_id, name: row.cat_name } : [],
    })),
  });
}

/** An on-sale course by id, or the contract's `错误`. */
export async function findCourseOnSale(db: Db, courseId: number, now: Date): Promise<CourseRow> {
  const course = await db.selectFrom('courses').selectAll().where('id', '=', courseId).executeTakeFirst();
  if (!course || !isCourseOnSale(course, now)) throw new BusinessError(GENERIC_ERROR_MESSAGE);
  return course;
}

export interface CourseOutline {
  chapters: CourseChapter[];
  videos: PhpMap<CourseVideo[]>;
  /** The visible videos in catalogue order (chapter order, then publication). */
  ordered: CourseVideo[];
}

/** Chapters and visible videos of a course, videos grouped by chapter id (0 = none). */
export async function loadCourseOutline(db: Db, courseId: number, now: Date): Promise<CourseOutline> {
  const [chapters, videoRows] = await Promise.all([
    db
      .selectFrom('course_chapters')
      .select(['id', 'course_id', 'title'])
      .where('course_id', '=', courseId)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('videos')
      .selectAll()
      .where('course_id', '=', courseId)
      .where('is_show', '=', 1)
      .where('published_at', '<=', now)
      .orderBy('published_at')
      .orderBy('id')
      .execute(),
  ]);
  const videos = videoRows.map(courseVideo);
  const grouped = groupBy(videos, (video) => video.chapter_id);
  const chapterOrder = new Map(chapters.map((chapter, index) => [chapter.id, index]));
  const ordered = grouped
    .slice()
    .sort(([a], [b]) => (chapterOrder.get(a) ?? Infinity) - (chapterOrder.get(b) ?? Infinity))
    .flatMap(([, group]) => group);
  return { chapters, videos: phpMap(grouped), ordered };
}

export async function loadWatchProgress(
  db: Db,
  userId: number | null,
  courseId: number,
): Promise<PhpMap<VideoWatchProgress>> {
  if (userId === null) return [];
  const rows = await db
    .selectFrom('video_watch_records')
    .selectAll()
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .orderBy('video_id')
    .execute();
  return phpMap(rows.map((row) => [row.video_id, watchProgress(row)]));
}

export async function loadCourseDetail(
  db: Db,
  now: Date,
  courseId: number,
  userId: number | null,
): Promise<CourseDetail> {
  const course = await findCourseOnSale(db, courseId, now);
  const [outline, access, liked, progress, attach, buyVideos] = await Promise.all([
    loadCourseOutline(db, courseId, now),
    accessToCourse(db, userId, course, now),
    userId === null
      ? undefined
      : db
          .selectFrom('course_likes')
          .select('course_id')
          .where('user_id', '=', userId)
          .where('course_id', '=', courseId)
          .executeTakeFirst(),
    loadWatchProgress(db, userId, courseId),
    db
      .selectFrom('course_attachments')
      .select(['id', 'name', 'size', 'extension'])
      .where('course_id', '=', courseId)
      .orderBy('id')
      .execute(),
    videosBoughtIn(db, userId, courseId),
  ]);
  return {
    course: courseDetailCourse(course),
    chapters: outline.chapters,
    videos: outline.videos,
    isBuy: access.canSee,
    isCollect: liked !== undefined,
    videoWatchedProgress: progress,
    attach,
    buyVideos,
  };
}

/** `GET /api/v2/course/{id}/like`: flips the like and answers 1 (liked) or 0 (unliked). */
export async function toggleCourseLike(db: Db, userId: number, courseId: number, now: Date): Promise<0 | 1> {
  await findCourseOnSale(db, courseId, now);
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('course_likes')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return 0;
    await trx
      .insertInto('course_likes')
      .values({ user_id: userId, course_id: courseId, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return 1;
  });
}
