import type { Selectable } from 'kysely';
import {
  REORDER_MISMATCH,
  type AdminLink,
  type AdminNav,
  type AdminNavInput,
  type AdminSlider,
} from '@kezhan/contract/admin/site-navigation';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import type { LinksTable, NavsTable, SlidersTable } from './tables';
import { navRowsOf } from './navigation-service';

/**
 * The console's writes of the PC site's navigation, friend links and sliders. Each takes the
 * transaction it runs in, so the caller writes the audit row beside it. Order is `sort`
 * ascending; a new row goes last of its level and a reorder numbers the level 1, 2, 3…
 */

export const NAV_NOT_FOUND = '导航不存在';
export const LINK_NOT_FOUND = '友情链接不存在';
export const SLIDER_NOT_FOUND = '轮播图不存在';
const NO_PARENT = '上级导航不存在';
const PARENT_OF_ITSELF = '导航不能作为自己的下级';
const HAS_CHILDREN = '有下级导航的项目不能移到其它导航下';

type NavRow = Selectable<NavsTable>;

const navItem = (row: NavRow) => ({
  id: row.id,
  name: row.name,
  url: row.url,
  active_routes: row.active_routes,
  platform: row.platform,
  parent_id: row.parent_id,
  blank: row.blank,
  sort: row.sort,
});

export async function adminNavs(db: Db, platform: string): Promise<AdminNav[]> {
  const rows = await navRowsOf(db, platform);
  return rows
    .filter((row) => row.parent_id === 0)
    .map((row) => ({
      ...navItem(row),
      children: rows.filter((child) => child.parent_id === row.id).map(navItem),
    }));
}

export async function findNav(db: Db, id: number): Promise<NavRow> {
  const row = await db.selectFrom('navs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(NAV_NOT_FOUND, 404);
  return row;
}

/** A parent must be a top-level item of the same platform (navigation has two levels). */
async function checkParent(db: Db, input: AdminNavInput, self?: NavRow): Promise<void> {
  if (input.parent_id === 0) return;
  if (self && input.parent_id === self.id) throw new BusinessError(PARENT_OF_ITSELF);
  const parent = await db
    .selectFrom('navs')
    .select(['id', 'parent_id', 'platform'])
    .where('id', '=', input.parent_id)
    .executeTakeFirst();
  if (!parent || parent.parent_id !== 0 || parent.platform !== input.platform)
    throw new BusinessError(NO_PARENT);
  if (self) {
    const child = await db
      .selectFrom('navs')
      .select('id')
      .where('parent_id', '=', self.id)
      .executeTakeFirst();
    if (child) throw new BusinessError(HAS_CHILDREN);
  }
}

async function nextNavSort(db: Db, platform: string, parentId: number): Promise<number> {
  const { top } = await db
    .selectFrom('navs')
    .select((eb) => eb.fn.max<number | null>('sort').as('top'))
    .where('platform', '=', platform)
    .where('parent_id', '=', parentId)
    .executeTakeFirstOrThrow();
  return (top ?? 0) + 1;
}

const navValues = (input: AdminNavInput) => ({
  name: input.name,
  url: input.url,
  parent_id: input.parent_id,
  blank: input.blank,
  active_routes: input.active_routes ?? '',
  platform: input.platform,
});

export async function createNav(db: Db, input: AdminNavInput, now: Date) {
  await checkParent(db, input);
  return db
    .insertInto('navs')
    .values({
      ...navValues(input),
      sort: await nextNavSort(db, input.platform, input.parent_id),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Moving to another level (or platform) places the item last there; its children follow its platform. */
export async function updateNav(db: Db, before: NavRow, input: AdminNavInput, now: Date) {
  if (input.parent_id !== before.parent_id || input.platform !== before.platform) {
    await checkParent(db, input, before);
  }
  const moved = input.parent_id !== before.parent_id || input.platform !== before.platform;
  const after = await db
    .updateTable('navs')
    .set({
      ...navValues(input),
      ...(moved ? { sort: await nextNavSort(db, input.platform, input.parent_id) } : {}),
      updated_at: now,
    })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (input.platform !== before.platform) {
    await db
      .updateTable('navs')
      .set({ platform: input.platform })
      .where('parent_id', '=', before.id)
      .execute();
  }
  return after;
}

/** Deletes the item and its children; answers what was deleted. */
export async function deleteNav(db: Db, id: number): Promise<NavRow[]> {
  return db
    .deleteFrom('navs')
    .where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))
    .returningAll()
    .execute();
}

/**
 * Gives `ids` the sorts 1, 2, 3… when they are exactly the current rows of the level (`current`):
 * a list naming another level's row, missing one, or out of date is refused, never half applied.
 */
function checkSameSet(current: number[], ids: number[]): void {
  const known = new Set(current);
  if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
    throw new BusinessError(REORDER_MISMATCH);
  }
}

export async function reorderNavs(db: Db, platform: string, parentId: number, ids: number[], now: Date) {
  const current = await db
    .selectFrom('navs')
    .select('id')
    .where('platform', '=', platform)
    .where('parent_id', '=', parentId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const before = current.map((row) => row.id);
  checkSameSet(before, ids);
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('navs')
      .set({ sort: index + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
  return before;
}

type LinkRow = Selectable<LinksTable>;
const linkItem = (row: LinkRow): AdminLink => ({ id: row.id, name: row.name, url: row.url, sort: row.sort });

export async function adminLinks(db: Db): Promise<AdminLink[]> {
  const rows = await db.selectFrom('links').selectAll().orderBy('sort').orderBy('id').execute();
  return rows.map(linkItem);
}

export async function findLink(db: Db, id: number): Promise<LinkRow> {
  const row = await db.selectFrom('links').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(LINK_NOT_FOUND, 404);
  return row;
}

export async function createLink(db: Db, input: { name: string; url: string }, now: Date) {
  const { top } = await db
    .selectFrom('links')
    .select((eb) => eb.fn.max<number | null>('sort').as('top'))
    .executeTakeFirstOrThrow();
  return db
    .insertInto('links')
    .values({ ...input, sort: (top ?? 0) + 1, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function reorderLinks(db: Db, ids: number[], now: Date) {
  const current = await db.selectFrom('links').select('id').orderBy('sort').orderBy('id').execute();
  const before = current.map((row) => row.id);
  checkSameSet(before, ids);
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('links')
      .set({ sort: index + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
  return before;
}

type SliderRow = Selectable<SlidersTable>;
const sliderItem = (row: SliderRow): AdminSlider => ({
  id: row.id,
  thumb: row.thumb,
  url: row.url,
  platform: row.platform,
  sort: row.sort,
});

export async function adminSliders(db: Db, platform: string): Promise<AdminSlider[]> {
  const rows = await db
    .selectFrom('sliders')
    .selectAll()
    .where('platform', '=', platform)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(sliderItem);
}

export async function findSlider(db: Db, id: number): Promise<SliderRow> {
  const row = await db.selectFrom('sliders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(SLIDER_NOT_FOUND, 404);
  return row;
}

export async function createSlider(
  db: Db,
  input: { thumb: string; url: string; platform: string },
  now: Date,
) {
  const { top } = await db
    .selectFrom('sliders')
    .select((eb) => eb.fn.max<number | null>('sort').as('top'))
    .where('platform', '=', input.platform)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('sliders')
    .values({ ...input, sort: (top ?? 0) + 1, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function reorderSliders(db: Db, platform: string, ids: number[], now: Date) {
  const current = await db
    .selectFrom('sliders')
    .select('id')
    .where('platform', '=', platform)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const before = current.map((row) => row.id);
  checkSameSet(before, ids);
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable('sliders')
      .set({ sort: index + 1, updated_at: now })
      .where('id', '=', id)
      .execute();
  }
  return before;
}

/** Moving a slider to the other platform places it last there. */
export async function updateSlider(
  db: Db,
  before: SliderRow,
  input: { thumb: string; url: string; platform: string },
  now: Date,
) {
  let sort = before.sort;
  if (input.platform !== before.platform) {
    const { top } = await db
      .selectFrom('sliders')
      .select((eb) => eb.fn.max<number | null>('sort').as('top'))
      .where('platform', '=', input.platform)
      .executeTakeFirstOrThrow();
    sort = (top ?? 0) + 1;
  }
  return db
    .updateTable('sliders')
    .set({ ...input, sort, updated_at: now })
    .where('id', '=', before.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
