import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AVATAR_FIELD, AVATAR_MAX_BYTES, AVATAR_MESSAGES } from '@kezhan/contract/member';
import type { AppServices } from '../../services';
import { BusinessError } from '../../shared/http/errors';
import { StorageError } from '../../providers/storage/file-storage';
import { encodeImage, imageKeys, NotAnImageError, storeImage } from '../media/images';

export const AVATAR_STORE_FAILED = '头像上传失败，请稍后再试';
/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 16 * 1024;

/** Reads the `file` part of a multipart request: at most 1 MB, anything else is refused. */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > AVATAR_MAX_BYTES + MULTIPART_OVERHEAD) throw new BusinessError(AVATAR_MESSAGES.tooLarge);
  if (!request.isMultipart()) throw new BusinessError(AVATAR_MESSAGES.missing);
  try {
    const part = await request.file({
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 20 },
    });
    if (!part || part.fieldname !== AVATAR_FIELD) {
      part?.file.resume();
      throw new BusinessError(AVATAR_MESSAGES.missing);
    }
    const content = await part.toBuffer();
    if (content.length === 0) throw new BusinessError(AVATAR_MESSAGES.missing);
    return content;
  } catch (error) {
    if (error instanceof BusinessError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new BusinessError(AVATAR_MESSAGES.tooLarge);
    }
    request.log.info({ err: error }, 'unreadable avatar upload');
    throw new BusinessError(AVATAR_MESSAGES.missing);
  }
}

/**
 * The bytes must be a JPEG, PNG or WebP that decodes (judged by content, not name or mime
 * header). The image is re-encoded without its metadata (EXIF, GPS) with WebP copies for each
 * display size (media/images.ts); `users.avatar` becomes the fallback's absolute URL, and the
 * member's previous uploaded avatars are removed.
 */
export async function replaceAvatar(services: AppServices, userId: number, content: Buffer): Promise<string> {
  let image;
  try {
    // A random name per upload: two members' identical pictures are never one shared file.
    image = await encodeImage(content, 'avatar', randomBytes(16).toString('hex'));
  } catch (error) {
    if (error instanceof NotAnImageError) throw new BusinessError(AVATAR_MESSAGES.notImage);
    throw error;
  }
  const now = services.now();
  const month = now.toISOString().slice(0, 7).replace('-', '/');
  const { storage, db } = services;
  let url: string;
  let key: string;
  try {
    ({ url, key } = await storeImage(storage, `images/member-avatar/${month}`, image));
  } catch (error) {
    if (error instanceof StorageError) throw new BusinessError(AVATAR_STORE_FAILED);
    throw error;
  }
  const fallback = image.files[0];
  const previous = await db.transaction().execute(async (trx) => {
    // Concurrent uploads of one member take turns, so each removes exactly the files it replaced.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const older = await trx
      .selectFrom('user_upload_images')
      .select(['id', 'provider', 'storage_key'])
      .where('user_id', '=', userId)
      .execute();
    await trx
      .insertInto('user_upload_images')
      .values({
        user_id: userId,
        provider: storage.name,
        storage_key: key,
        url,
        mime: fallback.contentType,
        size: fallback.body.length,
        width: image.width,
        height: image.height,
        created_at: now,
      })
      .execute();
    await trx.updateTable('users').set({ avatar: url, updated_at: now }).where('id', '=', userId).execute();
    if (older.length > 0) {
      await trx
        .deleteFrom('user_upload_images')
        .where(
          'id',
          'in',
          older.map((row) => row.id),
        )
        .execute();
    }
    return older;
  });
  for (const file of previous.filter((row) => row.provider === storage.name)) {
    for (const stored of imageKeys(file.storage_key)) await storage.delete(stored).catch(() => undefined);
  }
  return url;
}
