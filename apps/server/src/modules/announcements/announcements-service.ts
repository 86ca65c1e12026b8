import type { Selectable } from 'kysely';
import {
  ANNOUNCEMENT_NOT_FOUND,
  type Announcement,
  type AnnouncementPage,
} from '@kezhan/contract/announcements';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { sanitizeRichHtml } from '../../shared/html/rich-html';
import { isoTimestamp } from '../../shared/time';
import type { AnnouncementsTable } from './tables';

type AnnouncementRow = Selectable<AnnouncementsTable>;

/** Announcements are HTML: ordinary markup stays, scripts, handlers and styles go. */
export const sanitizeAnnouncement = sanitizeRichHtml;

export function serializeAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    admin_id: row.admin_id,
    announcement: row.announcement,
    view_times: row.view_times,
    created_at: isoTimestamp(row.created_at)!,
    updated_at: isoTimestamp(row.updated_at)!,
  };
}

export async function latestAnnouncement(db: Db): Promise<Announcement | null> {
  const row = await db
    .selectFrom('announcements')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? serializeAnnouncement(row) : null;
}

export async function findAnnouncement(db: Db, id: number): Promise<Announcement> {
  const row = await db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(ANNOUNCEMENT_NOT_FOUND, 404);
  return serializeAnnouncement(row);
}

export async function listAnnouncements(db: Db, page: number, size: number): Promise<AnnouncementPage> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('announcements')
      .select(['id', 'title', 'announcement', 'view_times', 'created_at'])
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    db
      .selectFrom('announcements')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((row) => ({ ...row, created_at: isoTimestamp(row.created_at)! })),
    total: Number(count.total),
  };
}

export interface AnnouncementInput {
  title: string;
  body: string;
}

export async function createAnnouncement(db: Db, input: AnnouncementInput, now: Date) {
  return db
    .insertInto('announcements')
    .values({
      title: input.title,
      announcement: sanitizeAnnouncement(input.body),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAnnouncement(
  db: Db,
  id: number,
  input: Partial<AnnouncementInput>,
  now: Date,
): Promise<AnnouncementRow | undefined> {
  return db
    .updateTable('announcements')
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.body !== undefined ? { announcement: sanitizeAnnouncement(input.body) } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAnnouncement(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
