import fs from 'node:fs';
import path from 'node:path';
import type { AppServices } from '../../services';
import { issueNavigationTicket } from '../../shared/auth/navigation-tickets';
import type { Db } from '../../shared/db/database';
import { BusinessError, GENERIC_ERROR_MESSAGE } from '../../shared/http/errors';
import { accessToCourse } from './access';
import { findCourseOnSale } from './catalogue';

/** Course attachments kept on this server live here; `course_attachments.path` is relative to it. */
export const attachmentDir = (dataDir: string) => path.join(dataDir, 'attach');

export type AttachmentDownload =
  { kind: 'redirect'; url: string } | { kind: 'file'; file: string; name: string; size: number };

export const ATTACHMENT_TICKET = 'attachment';

/**
 * A paid course's files go only to members who may study it (`请购买课程`); a free-of-charge
 * course's files to any member. `courseId`, when given, must be the attachment's course.
 */
async function permittedAttachment(
  db: Db,
  attachmentId: number,
  userId: number,
  now: Date,
  courseId?: number,
) {
  const attachment = await db
    .selectFrom('course_attachments')
    .selectAll()
    .where('id', '=', attachmentId)
    .executeTakeFirst();
  if (!attachment || (courseId !== undefined && attachment.course_id !== courseId)) {
    throw new BusinessError(GENERIC_ERROR_MESSAGE);
  }
  const course = await findCourseOnSale(db, attachment.course_id, now);
  if (course.charge > 0 && !(await accessToCourse(db, userId, course, now)).canSee) {
    throw new BusinessError('请购买课程');
  }
  return attachment;
}

/**
 * `GET /api/v3/course/{courseId}/attach/{id}` (MeEdu HEAD): checks the member may have the file
 * and answers a download address that carries a single-use ticket instead of the login token.
 */
export async function attachmentDownloadUrl(
  services: AppServices,
  courseId: number,
  attachmentId: number,
  userId: number,
): Promise<{ download_url: string }> {
  await permittedAttachment(services.db, attachmentId, userId, services.now(), courseId);
  const { ticket } = await issueNavigationTicket(services.store, ATTACHMENT_TICKET, { userId, attachmentId });
  return {
    download_url: `${services.env.appUrl}/api/v3/course/attach-download?sign=${ticket}`,
  };
}

/** `GET /api/v2/course/attach/{id}/download`: checks access again, counts the download. */
export async function prepareAttachmentDownload(
  db: Db,
  dataDir: string,
  attachmentId: number,
  userId: number,
  now: Date,
): Promise<AttachmentDownload> {
  const attachment = await permittedAttachment(db, attachmentId, userId, now);
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
