import type { AdminCategory, AdminCategoryBody } from '@kezhan/contract/admin/courses';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { CATEGORY_NOT_FOUND, SLUG_TAKEN } from './course-admin';
import '../courses/tables';

export const CATEGORY_IN_USE = '该分类下还有课程或子分类，不能删除';
export const CATEGORY_PARENT_INVALID = '上级分类不存在或不能是自己';

type CategoryFields = {
  name: string;
  slug: string;
  parent_id?: number;
  sort?: number;
} & Partial<AdminCategoryBody>;

export async function listCategories(db: Db): Promise<AdminCategory[]> {
  return db
    .selectFrom('course_categories as cat')
    .select(['cat.id', 'cat.name', 'cat.slug', 'cat.parent_id', 'cat.sort'])
    .select((eb) =>
      eb
        .selectFrom('courses as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.category_id', '=', 'cat.id')
        .where('c.deleted_at', 'is', null)
        .as('course_count'),
    )
    .orderBy('cat.sort')
    .orderBy('cat.id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, course_count: Number(row.course_count ?? 0) })));
}

export async function categorySnapshot(db: Db, id: number) {
  const row = await db
    .selectFrom('course_categories')
    .select(['name', 'slug', 'parent_id', 'sort'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new BusinessError(CATEGORY_NOT_FOUND);
  return row;
}

async function check(db: Db, fields: CategoryFields, exceptId?: number) {
  let slug = db.selectFrom('course_categories').select('id').where('slug', '=', fields.slug);
  if (exceptId !== undefined) slug = slug.where('id', '!=', exceptId);
  if (await slug.executeTakeFirst()) throw new BusinessError(SLUG_TAKEN);
  const parent = fields.parent_id ?? 0;
  if (parent === 0) return;
  const exists = await db
    .selectFrom('course_categories')
    .select('id')
    .where('id', '=', parent)
    .executeTakeFirst();
  if (!exists || parent === exceptId) throw new BusinessError(CATEGORY_PARENT_INVALID);
}

export async function createCategory(db: Db, fields: CategoryFields, now: Date): Promise<number> {
  await check(db, fields);
  const row = await db
    .insertInto('course_categories')
    .values({
      name: fields.name,
      slug: fields.slug,
      parent_id: fields.parent_id ?? 0,
      sort: fields.sort ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(db: Db, id: number, fields: CategoryFields, now: Date) {
  await check(db, fields, id);
  await db
    .updateTable('course_categories')
    .set({
      name: fields.name,
      slug: fields.slug,
      parent_id: fields.parent_id ?? 0,
      sort: fields.sort ?? 0,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteCategory(db: Db, id: number) {
  const used = await db
    .selectFrom('courses')
    .select('id')
    .where('category_id', '=', id)
    .where('deleted_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  const child = await db
    .selectFrom('course_categories')
    .select('id')
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (used || child) throw new BusinessError(CATEGORY_IN_USE);
  await db.deleteFrom('course_categories').where('id', '=', id).execute();
}
