import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../shared/db/database';
import { BusinessError, GENERIC_ERROR_MESSAGE } from '../../shared/http/errors';
import { accessToCourse } from './access';
import { findCourseOnSale } from './catalogue';

/** Course attachments kept on this server live here; `course_attachments.path` is relative to it. */
export const attachmentDir = (dataDir: string) => path.join(dataDir, 'attach');

export type AttachmentDownload =
  { kind: 'redirect'; url: string } | { kind: 'file'; file: string; name: string; size: number };

/**
 * `GET /api/v2/course/attach/{id}/download`: a paid course's files go only to members who may
 * study it (`请购买课程`); a free-of-charge course's files to any member. Counts the download.
 */
export async function prepareAttachmentDownload(
  db: Db,
  dataDir: string,
  attachmentId: number,
  userId: number,
  now: Date,
): Promise<AttachmentDownload> {
  const attachment = await db
    .selectFrom('course_attachments')
    .selectAll()
    .where('id', '=', attachmentId)
    .executeTakeFirst();
  if (!attachment) throw new BusinessError(GENERIC_ERROR_MESSAGE);
  const course = await findCourseOnSale(db, attachment.course_id, now);
  if (course.charge > 0 && !(await accessToCourse(db, userId, course, now)).canSee) {
    throw new BusinessError('请购买课程');
  }
  let target: AttachmentDownload;
  if (/^https?:\/\//i.test(attachment.path)) {
    target = { kind: 'redirect', url: attachment.path };
  } else {
    const root = attachmentDir(dataDir);
    const file = path.resolve(root, attachment.path);
    const stat = file.startsWith(root + path.sep) ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!stat?.isFile()) throw new BusinessError(GENERIC_ERROR_MESSAGE);
    target = { kind: 'file', file, name: attachment.name, size: stat.size };
  }
  await db
    .updateTable('course_attachments')
    .set((eb) => ({ download_times: eb('download_times', '+', 1) }))
    .where('id', '=', attachmentId)
    .execute();
  return target;
}

/** `Content-Disposition` for any file name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
