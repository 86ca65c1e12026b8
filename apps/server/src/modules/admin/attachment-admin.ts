import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { AdminCourseAttachment } from '@kezhan/contract/admin/attachments';
import {
  attachmentExtension,
  COURSE_ATTACHMENT_FIELD,
  COURSE_ATTACHMENT_MESSAGES,
  COURSE_ATTACHMENT_NAME_FIELD,
  COURSE_ATTACHMENT_NAME_MAX,
  isAllowedAttachment,
} from '@kezhan/contract/admin/attachment-rules';
import type { Db } from '../../shared/db/database';
import { BusinessError } from '../../shared/http/errors';
import { attachmentDir } from '../courses/attachments';
import '../courses/tables';

/** Room for the multipart boundaries, part headers and the name field around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A name as members will see it: no folders, no control characters, trimmed. */
function cleanName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? '';
  return last.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

/**
 * The display name: the operator's `name` (its extension added when it lacks the file's), else
 * the file's own name, shortened before its extension when it is too long.
 */
function attachmentDisplayName(given: string | undefined, fileName: string, extension: string): string {
  const suffix = `.${extension}`;
  const withSuffix = (name: string) => (name.toLowerCase().endsWith(suffix) ? name : name + suffix);
  const chosen = given === undefined ? '' : cleanName(given);
  if (chosen && chosen !== suffix) {
    const name = withSuffix(chosen);
    if ([...name].length > COURSE_ATTACHMENT_NAME_MAX)
      throw new BusinessError(COURSE_ATTACHMENT_MESSAGES.nameTooLong);
    return name;
  }
  const own = cleanName(fileName);
  const stem = own.toLowerCase().endsWith(suffix) ? own.slice(0, -suffix.length) : own;
  const room = COURSE_ATTACHMENT_NAME_MAX - suffix.length;
  return ([...stem].slice(0, room).join('').trim() || 'attachment') + suffix;
}

export interface ReceivedAttachment {
  /** Relative to `attachmentDir(dataDir)`, with `/`. */
  path: string;
  /** The stored file. */
  file: string;
  name: string;
  size: number;
  extension: string;
}

const tooLarge = () => new BusinessError(COURSE_ATTACHMENT_MESSAGES.tooLarge);

/**
 * Streams the `file` part of a multipart request to `root/<folder>/<random>.<ext>` (never a
 * name the browser chose), at most `maxBytes`; the optional `name` field may come before or after
 * it. Whatever fails, the file written so far is removed.
 */
export async function receiveAttachment(
  request: FastifyRequest,
  root: string,
  folder: string,
  maxBytes: number,
): Promise<ReceivedAttachment> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + MULTIPART_OVERHEAD) throw tooLarge();
  if (!request.isMultipart()) throw new BusinessError(COURSE_ATTACHMENT_MESSAGES.missing);

  let stored: { file: string; path: string; fileName: string; extension: string; size: number } | undefined;
  let written: string | undefined;
  let givenName: string | undefined;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 8, fieldSize: 4096 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === COURSE_ATTACHMENT_NAME_FIELD && typeof part.value === 'string') {
          givenName = part.value;
        }
        continue;
      }
      if (part.fieldname !== COURSE_ATTACHMENT_FIELD || stored) {
        part.file.resume();
        continue;
      }
      const extension = attachmentExtension(part.filename);
      if (!isAllowedAttachment(part.filename)) {
        part.file.resume();
        throw new BusinessError(COURSE_ATTACHMENT_MESSAGES.badType);
      }
      const relative = `${folder}/${crypto.randomBytes(16).toString('hex')}.${extension}`;
      const file = path.join(root, ...relative.split('/'));
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      written = file;
      await pipeline(part.file, fs.createWriteStream(file, { flags: 'wx' }));
      if (part.file.truncated) throw tooLarge();
      const { size } = await fs.promises.stat(file);
      stored = { file, path: relative, fileName: part.filename, extension, size };
    }
    if (!stored || stored.size === 0) throw new BusinessError(COURSE_ATTACHMENT_MESSAGES.missing);
    const name = attachmentDisplayName(givenName, stored.fileName, stored.extension);
    return { file: stored.file, path: stored.path, name, size: stored.size, extension: stored.extension };
  } catch (error) {
    if (written) await removeFile(written);
    if (error instanceof BusinessError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    request.log.info({ err: error }, 'unreadable attachment upload');
    throw new BusinessError(COURSE_ATTACHMENT_MESSAGES.missing);
  }
}

export async function removeFile(file: string): Promise<void> {
  await fs.promises.rm(file, { force: true }).catch(() => undefined);
}

const attachmentColumns = ['id', 'name', 'size', 'extension', 'download_times', 'created_at'] as const;

const toAttachment = (row: {
  id: number;
  name: string;
  size: number;
  extension: string;
  download_times: number;
  created_at: Date | string;
}): AdminCourseAttachment => ({ ...row, created_at: new Date(row.created_at).toISOString() });

export async function listCourseAttachments(db: Db, courseId: number): Promise<AdminCourseAttachment[]> {
  const rows = await db
    .selectFrom('course_attachments')
    .select(attachmentColumns)
    .where('course_id', '=', courseId)
    .orderBy('id')
    .execute();
  return rows.map(toAttachment);
}

/** A new row for a received file; a name the course already has is refused (one name, one file). */
export async function insertCourseAttachment(
  db: Db,
  courseId: number,
  received: ReceivedAttachment,
  now: Date,
): Promise<AdminCourseAttachment> {
  const row = await db
    .insertInto('course_attachments')
    .values({
      course_id: courseId,
      name: received.name,
      path: received.path,
      size: received.size,
      extension: received.extension,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['course_id', 'name']).doNothing())
    .returning(attachmentColumns)
    .executeTakeFirst();
  if (!row) throw new BusinessError(COURSE_ATTACHMENT_MESSAGES.duplicate);
  return toAttachment(row);
}

/** What the audit log keeps of an attachment. */
export const attachmentSnapshot = (row: {
  course_id: number;
  name: string;
  path: string;
  size: number;
  extension: string;
}) => ({
  course_id: row.course_id,
  name: row.name,
  path: row.path,
  size: row.size,
  extension: row.extension,
});

const isAddress = (value: string) => /^https?:\/\//i.test(value);

/**
 * Deletes the course's attachment row and answers the local file to remove afterwards: only one
 * inside DATA_DIR/attach that no other row still names (an address is left alone).
 */
export async function deleteCourseAttachment(
  db: Db,
  dataDir: string,
  courseId: number,
  attachmentId: number,
) {
  const row = await db
    .selectFrom('course_attachments')
    .select(['id', 'course_id', 'name', 'path', 'size', 'extension'])
    .where('id', '=', attachmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.course_id !== courseId) throw new BusinessError(COURSE_ATTACHMENT_MESSAGES.notFound);
  await db.deleteFrom('course_attachments').where('id', '=', attachmentId).execute();
  let file: string | null = null;
  if (!isAddress(row.path)) {
    const root = path.resolve(attachmentDir(dataDir));
    const resolved = path.resolve(root, row.path);
    const shared = await db
      .selectFrom('course_attachments')
      .select('id')
      .where('path', '=', row.path)
      .executeTakeFirst();
    if (resolved.startsWith(root + path.sep) && !shared) file = resolved;
  }
  return { before: attachmentSnapshot(row), file };
}
