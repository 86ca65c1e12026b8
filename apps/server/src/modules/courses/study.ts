import type {
  BoughtCourseList,
  CourseWatchRecord,
  LastViewVideo,
  LearnedCourseList,
  LikedCourseList,
  StudyCourse,
} from '@kezhan/contract/courses';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/database';
import { isoTimestamp, rawDateTime } from '../../shared/time';
import { fenToYuan } from '../../shared/money';

export interface StudyPage {
  page: number;
  size: number;
}

interface CourseExtras {
  course: StudyCourse | [];
  learned_count: number;
  last_view_video: LastViewVideo | [];
  watch_record: CourseWatchRecord | [];
}

/** The nested objects every study row carries, for a page of course ids. */
async function courseExtras(
  db: Db,
  userId: number,
  courseIds: number[],
): Promise<(courseId: number) => CourseExtras> {
  if (courseIds.length === 0)
    return () => ({ course: [], learned_count: 0, last_view_video: [], watch_record: [] });
  const [courses, learned, lastViews, records] = await Promise.all([
    db
      .selectFrom('courses as c')
      .select([
        'c.id',
        'c.title',
        'c.thumb',
        'c.charge',
        sql<number>`(select count(*)::int from videos v where v.course_id = c.id)`.as('videos_count'),
      ])
      .where('c.id', 'in', courseIds)
      .where('c.deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('video_watch_records')
      .select(['course_id', sql<number>`count(*)::int`.as('count')])
      .where('user_id', '=', userId)
      .where('course_id', 'in', courseIds)
      .where('watched_at', 'is not', null)
      .groupBy('course_id')
      .execute(),
    db
      .selectFrom('video_watch_records as r')
      .innerJoin('videos as v', 'v.id', 'r.video_id')
      .distinctOn('r.course_id')
      .select([
        'r.id',
        'r.user_id',
        'r.course_id',
        'r.video_id',
        'r.watch_seconds',
        'r.watched_at',
        'r.created_at',
        'r.updated_at',
        'v.title',
        'v.duration',
        'v.published_at',
      ])
      .where('r.user_id', '=', userId)
      .where('r.course_id', 'in', courseIds)
      .orderBy('r.course_id')
      .orderBy('r.updated_at', 'desc')
      .orderBy('r.id', 'desc')
      .execute(),
    db
      .selectFrom('course_learn_records')
      .selectAll()
      .where('user_id', '=', userId)
      .where('course_id', 'in', courseIds)
      .execute(),
  ]);
  const courseById = new Map(courses.map((c) => [c.id, c]));
  const learnedById = new Map(learned.map((row) => [row.course_id, row.count]));
  const lastById = new Map(lastViews.map((row) => [row.course_id, row]));
  const recordById = new Map(records.map((row) => [row.course_id, row]));
  return (courseId) => {
    const course = courseById.get(courseId);
    const last = lastById.get(courseId);
    const record = recordById.get(courseId);
    return {
      course: course
        ? {
            id: course.id,
            title: course.title,
            thumb: course.thumb,
            charge: fenToYuan(course.charge),
            videos_count: course.videos_count,
          }
        : [],
      learned_count: learnedById.get(courseId) ?? 0,
      last_view_video: last
        ? {
            id: last.id,
            user_id: last.user_id,
            course_id: last.course_id,
            video_id: last.video_id,
            watch_seconds: last.watch_seconds,
            watched_at: rawDateTime(last.watched_at),
            created_at: rawDateTime(last.created_at)!,
            updated_at: rawDateTime(last.updated_at)!,
            video: {
              id: last.video_id,
              title: last.title,
              duration: last.duration,
              published_at: rawDateTime(last.published_at),
            },
          }
        : [],
      watch_record: record
        ? {
            id: record.id,
            course_id: record.course_id,
            user_id: record.user_id,
            is_watched: record.is_watched,
            watched_at: rawDateTime(record.watched_at),
            progress: record.progress,
            created_at: isoTimestamp(record.created_at)!,
            updated_at: isoTimestamp(record.updated_at)!,
          }
        : [],
    };
  };
}

const offsetOf = ({ page, size }: StudyPage) => (page - 1) * size;

const countAll = sql<number>`count(*)::int`.as('total');

/** Runs a study list's count and page queries, then gives each row its course extras. */
async function studyList<Row extends { course_id: number }, Item>(
  db: Db,
  userId: number,
  queries: { total: Promise<{ total: number }>; rows: Promise<Row[]> },
  toItem: (row: Row, extras: CourseExtras) => Item,
): Promise<{ total: number; data: Item[] }> {
  const [{ total }, rows] = await Promise.all([queries.total, queries.rows]);
  const extras = await courseExtras(
    db,
    userId,
    rows.map((row) => row.course_id),
  );
  return { total, data: rows.map((row) => toItem(row, extras(row.course_id))) };
}

/** `GET /api/v3/member/courses`: bought or granted courses, newest first. */
export async function listBoughtCourses(
  db: Db,
  userId: number,
  paging: StudyPage,
): Promise<BoughtCourseList> {
  const base = db.selectFrom('user_courses').where('user_id', '=', userId);
  return studyList(
    db,
    userId,
    {
      total: base.select(countAll).executeTakeFirstOrThrow(),
      rows: base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('course_id', 'desc')
        .limit(paging.size)
        .offset(offsetOf(paging))
        .execute(),
    },
    (row, { course, learned_count, last_view_video, watch_record }) => ({
      course_id: row.course_id,
      user_id: row.user_id,
      charge: fenToYuan(row.charge),
      created_at: rawDateTime(row.created_at)!,
      learned_count,
      watch_record,
      last_view_video,
      course,
    }),
  );
}

/** `GET /api/v3/member/courses/like`: liked courses, newest first. */
export async function listLikedCourses(db: Db, userId: number, paging: StudyPage): Promise<LikedCourseList> {
  const base = db.selectFrom('course_likes').where('user_id', '=', userId);
  return studyList(
    db,
    userId,
    {
      total: base.select(countAll).executeTakeFirstOrThrow(),
      rows: base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('course_id', 'desc')
        .limit(paging.size)
        .offset(offsetOf(paging))
        .execute(),
    },
    (row, { course, learned_count, last_view_video, watch_record }) => ({
      course_id: row.course_id,
      user_id: row.user_id,
      created_at: isoTimestamp(row.created_at)!,
      learned_count,
      watch_record,
      last_view_video,
      course,
    }),
  );
}

/** `GET /api/v3/member/courses/learned`: courses studied, most recently studied first. */
export async function listLearnedCourses(
  db: Db,
  userId: number,
  paging: StudyPage,
): Promise<LearnedCourseList> {
  const base = db.selectFrom('course_learn_records as l').where('l.user_id', '=', userId);
  return studyList(
    db,
    userId,
    {
      total: base.select(countAll).executeTakeFirstOrThrow(),
      rows: base
        .leftJoin('user_courses as uc', (join) =>
          join.onRef('uc.user_id', '=', 'l.user_id').onRef('uc.course_id', '=', 'l.course_id'),
        )
        .selectAll('l')
        .select('uc.course_id as bought_course_id')
        .orderBy('l.updated_at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(paging.size)
        .offset(offsetOf(paging))
        .execute(),
    },
    (row, { course, learned_count, last_view_video }) => ({
      id: row.id,
      course_id: row.course_id,
      user_id: row.user_id,
      is_watched: row.is_watched,
      watched_at: rawDateTime(row.watched_at),
      progress: row.progress,
      created_at: isoTimestamp(row.created_at)!,
      updated_at: isoTimestamp(row.updated_at)!,
      learned_count,
      is_subscribe: row.bought_course_id !== null ? 1 : 0,
      last_view_video,
      course,
    }),
  );
}
