import type { Insertable } from 'kysely';
import type { Db } from '../../src/shared/db/database';
import type { TestApp } from '../test-app';
import type { CoursesTable, VideosTable } from '../../src/modules/courses/tables';

/** Fixtures for the course tests: rows written straight to the database. */
let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${(counter += 1)}`;

export const PAST = new Date('2024-01-01T00:00:00Z');
export const FUTURE = new Date('2999-01-01T00:00:00Z');

export async function addCategory(db: Db, name: string, parentId = 0, sort = 0): Promise<number> {
  const row = await db
    .insertInto('course_categories')
    .values({ slug: unique('cat'), name, parent_id: parentId, sort })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addCourse(db: Db, values: Partial<Insertable<CoursesTable>> = {}): Promise<number> {
  const row = await db
    .insertInto('courses')
    .values({ title: '测试课程', slug: unique('course'), published_at: PAST, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addChapter(db: Db, courseId: number, title: string, sort = 0): Promise<number> {
  const row = await db
    .insertInto('course_chapters')
    .values({ course_id: courseId, title, sort })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addVideo(
  db: Db,
  courseId: number,
  values: Partial<Insertable<VideosTable>> = {},
): Promise<number> {
  const row = await db
    .insertInto('videos')
    .values({
      course_id: courseId,
      title: '测试视频',
      slug: unique('video'),
      url: 'https://cdn.example.com/full.m3u8',
      duration: 600,
      published_at: PAST,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface TestMember {
  id: number;
  token: string;
}

let mobileCounter = 0;
/** Logs a fresh member in by SMS. */
export async function newMember(t: TestApp): Promise<TestMember> {
  mobileCounter += 1;
  const mobile = `139${String(process.pid % 10000).padStart(4, '0')}${String(mobileCounter).padStart(4, '0')}`;
  const token = await t.loginBySms(mobile);
  const row = await t.services.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

export async function makeVip(db: Db, userId: number, expiresAt: Date): Promise<void> {
  const role = await db
    .insertInto('roles')
    .values({ name: '年度会员', charge: 19_900, expire_days: 365 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ role_id: role.id, role_expired_at: expiresAt })
    .where('id', '=', userId)
    .execute();
}

/** `chargeFen`: what the member paid, in fen like the column. */
export async function grantCourse(db: Db, userId: number, courseId: number, chargeFen = 0): Promise<void> {
  await db
    .insertInto('user_courses')
    .values({ user_id: userId, course_id: courseId, charge: chargeFen })
    .execute();
}
