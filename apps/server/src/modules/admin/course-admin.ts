import { sql } from 'kysely';
import type { AdminCourse, AdminCourseDetail, AdminCourseListFilter } from '@kezhan/contract/admin/courses';
import type { Db } from '../../shared/db/database';
import { fenToYuan } from '../../shared/money';
import { BusinessError } from '../../shared/http/errors';
import { sanitizeDescription } from '../courses/content-import';
import { vodSourcesOf } from '../media/vod-sources';
import '../courses/tables';

export const COURSE_NOT_FOUND = '课程不存在';

/** The course must exist and not be deleted. */
export async function requireLiveCourse(db: Db, courseId: number): Promise<void> {
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('id', '=', courseId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!course) throw new BusinessError(COURSE_NOT_FOUND);
}
export const SLUG_TAKEN = '链接标识已被使用';
export const CATEGORY_NOT_FOUND = '分类不存在';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

const courseColumns = [
  'c.id',
  'c.title',
  'c.slug',
  'c.thumb',
  'c.charge',
  'c.category_id',
  'c.short_description',
  'c.is_show',
  'c.is_vip_free',
  'c.user_count',
  'c.published_at',
  'c.updated_at',
] as const;

function baseCourses(db: Db) {
  return db
    .selectFrom('courses as c')
    .leftJoin('course_categories as cat', 'cat.id', 'c.category_id')
    .where('c.deleted_at', 'is', null);
}

type CourseRow = Omit<AdminCourse, 'published_at' | 'updated_at' | 'category_name'> & {
  category_name: string | null;
  published_at: Date | null;
  updated_at: Date;
};

const toCourse = (row: CourseRow): AdminCourse => ({
  ...row,
  charge: fenToYuan(row.charge),
  category_name: row.category_name ?? '',
  published_at: iso(row.published_at),
  updated_at: iso(row.updated_at)!,
});

export async function listCourses(db: Db, filter: AdminCourseListFilter) {
  let query = baseCourses(db);
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('c.title', 'ilike', pattern), eb('c.slug', 'ilike', pattern)]));
  }
  if (filter.category_id !== undefined) query = query.where('c.category_id', '=', filter.category_id);
  if (filter.is_show !== undefined) query = query.where('c.is_show', '=', filter.is_show);
  if (filter.charge === 'free') query = query.where('c.charge', '=', 0);
  if (filter.charge === 'paid') query = query.where('c.charge', '>', 0);
  const [{ total }] = await query.select((eb) => eb.fn.countAll<string>().as('total')).execute();
  const order = {
    latest: [sql`c.id desc`],
    oldest: [sql`c.id asc`],
    price_desc: [sql`c.charge desc`, sql`c.id desc`],
    price_asc: [sql`c.charge asc`, sql`c.id desc`],
  }[filter.sort];
  let rows = query.select([...courseColumns, 'cat.name as category_name']);
  for (const expression of order) rows = rows.orderBy(expression);
  const data = await rows
    .limit(filter.page_size)
    .offset((filter.page - 1) * filter.page_size)
    .execute();
  return { total: Number(total), data: data.map(toCourse) };
}

export async function findCourse(db: Db, id: number): Promise<AdminCourseDetail> {
  const row = await baseCourses(db)
    .select([...courseColumns, 'cat.name as category_name', 'c.render_desc'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BusinessError(COURSE_NOT_FOUND);
  const chapters = await db
    .selectFrom('course_chapters')
    .select(['id', 'title', 'sort'])
    .where('course_id', '=', id)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const videos = await db
    .selectFrom('videos')
    .select(['id', 'chapter_id', 'title', 'duration', 'is_show', 'free_seconds', 'ban_drag'])
    .where('course_id', '=', id)
    .orderBy('published_at')
    .orderBy('id')
    .execute();
  const vod = await vodSourcesOf(
    db,
    videos.map((video) => video.id),
  );
  const { render_desc, ...course } = row;
  return {
    ...toCourse(course),
    render_desc,
    chapters,
    videos: videos.map((video) => ({
      ...video,
      vod_provider: vod.get(video.id)?.provider ?? ('' as const),
      vod_media_id: vod.get(video.id)?.mediaId ?? '',
    })),
  };
}

export interface CourseFields {
  title: string;
  slug: string;
  category_id: number;
  thumb?: string;
  short_description?: string;
  render_desc?: string;
  /** Fen (the contract parses the yuan typed in the console). */
  charge: number;
  is_vip_free?: number;
  is_show?: number;
  published_at?: string | null;
}

async function checkCourseFields(db: Db, fields: CourseFields, exceptId?: number) {
  const category = await db
    .selectFrom('course_categories')
    .select('id')
    .where('id', '=', fields.category_id)
    .executeTakeFirst();
  if (!category) throw new BusinessError(CATEGORY_NOT_FOUND);
  let slugQuery = db.selectFrom('courses').select('id').where('slug', '=', fields.slug);
  if (exceptId !== undefined) slugQuery = slugQuery.where('id', '!=', exceptId);
  if (await slugQuery.executeTakeFirst()) throw new BusinessError(SLUG_TAKEN);
}

const columnsOf = (fields: CourseFields) => ({
  title: fields.title,
  slug: fields.slug,
  category_id: fields.category_id,
  thumb: fields.thumb ?? '',
  short_description: fields.short_description ?? '',
  render_desc: sanitizeDescription(fields.render_desc ?? ''),
  charge: fields.charge,
  is_free: fields.charge === 0 ? 1 : 0,
  is_vip_free: fields.is_vip_free ?? 0,
  ...(fields.is_show === undefined ? {} : { is_show: fields.is_show }),
  ...(fields.published_at === undefined
    ? {}
    : { published_at: fields.published_at ? new Date(fields.published_at) : null }),
});

/** What the audit log keeps of a course: its editable fields as stored, the price in yuan. */
export async function courseSnapshot(db: Db, id: number) {
  const row = await db
    .selectFrom('courses')
    .select([
      'title',
      'slug',
      'category_id',
      'thumb',
      'short_description',
      'render_desc',
      'charge',
      'is_vip_free',
      'is_show',
      'published_at',
      'deleted_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.deleted_at) throw new BusinessError(COURSE_NOT_FOUND);
  const { deleted_at: _deleted, ...snapshot } = row;
  return { ...snapshot, charge: fenToYuan(snapshot.charge), published_at: iso(snapshot.published_at) };
}

/** A new course starts off shelf unless asked otherwise; its publish time is set when it goes on. */
export async function createCourse(db: Db, fields: CourseFields, now: Date): Promise<number> {
  await checkCourseFields(db, fields);
  const columns = columnsOf(fields);
  const isShow = fields.is_show ?? 0;
  const row = await db
    .insertInto('courses')
    .values({
      ...columns,
      is_show: isShow,
      published_at: columns.published_at ?? (isShow ? now : null),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCourse(db: Db, id: number, fields: CourseFields, now: Date): Promise<void> {
  await checkCourseFields(db, fields, id);
  // An empty publish time on a course put on the shelf means "now", as on creation and with the shelf switch.
  const publishing =
    fields.is_show === 1 && !fields.published_at
      ? { published_at: sql<Date>`coalesce(published_at, ${now}::timestamptz)` }
      : {};
  await db
    .updateTable('courses')
    .set({ ...columnsOf(fields), ...publishing, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function setCourseShelf(db: Db, id: number, isShow: number, now: Date): Promise<void> {
  await db
    .updateTable('courses')
    .set({
      is_show: isShow,
      ...(isShow ? { published_at: sql<Date>`coalesce(published_at, ${now}::timestamptz)` } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function softDeleteCourse(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('courses')
    .set({ deleted_at: now, is_show: 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}
