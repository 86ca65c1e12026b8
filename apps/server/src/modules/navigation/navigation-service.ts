import type { FriendLink, Nav, Slider } from '@kezhan/contract/navigation';
import type { Db } from '../../shared/db/database';
import { isoTimestamp } from '../../shared/time';

const iso = (date: Date) => isoTimestamp(date)!;

/** Every navigation row of a platform, by sort (the public list and the console read the same). */
export const navRowsOf = (db: Db, platform: string) =>
  db.selectFrom('navs').selectAll().where('platform', '=', platform).orderBy('sort').orderBy('id').execute();

/** Top-level items by sort, each with its children by sort. */
export async function listNavs(db: Db, platform: string): Promise<Nav[]> {
  const rows = await navRowsOf(db, platform);
  const shaped = rows.map((row) => ({
    ...row,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
  return shaped
    .filter((row) => row.parent_id === 0)
    .map((row) => ({ ...row, children: shaped.filter((child) => child.parent_id === row.id) }));
}

export async function listLinks(db: Db): Promise<FriendLink[]> {
  const rows = await db.selectFrom('links').selectAll().orderBy('sort').orderBy('id').execute();
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) }));
}

export async function listSliders(db: Db, platform: string): Promise<Slider[]> {
  const rows = await db
    .selectFrom('sliders')
    .selectAll()
    .where('platform', '=', platform)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    thumb: row.thumb,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    deleted_at: null,
  }));
}
