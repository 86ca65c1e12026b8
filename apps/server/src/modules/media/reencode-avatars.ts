import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sizedImage } from '@kezhan/contract/images';
import type { AppServices } from '../../services';
import { LocalFileStorage } from '../../providers/storage/local-file-storage';
import { encodeImage, NotAnImageError, storeImage } from './images';

export interface ReencodeResult {
  reencoded: number;
  unreadable: number;
}

async function readStored(services: AppServices, key: string, url: string): Promise<Buffer | null> {
  const { storage } = services;
  if (storage instanceof LocalFileStorage) {
    const file = storage.pathOf(key);
    return file && fs.existsSync(file) ? fs.readFileSync(file) : null;
  }
  const response = await fetch(url).catch(() => null);
  return response?.ok ? Buffer.from(await response.arrayBuffer()) : null;
}

/**
 * Avatars uploaded before the image pipeline were stored as sent, EXIF and GPS included. Each one
 * still in that state is re-encoded like a new upload (no metadata, WebP copies); the member's
 * avatar then points at the new file and the original is deleted.
 */
export async function reencodeStoredAvatars(services: AppServices): Promise<ReencodeResult> {
  const { db, storage } = services;
  const rows = await db
    .selectFrom('user_upload_images')
    .select(['id', 'user_id', 'storage_key', 'url'])
    .where('provider', '=', storage.name)
    .orderBy('id')
    .execute();
  const result: ReencodeResult = { reencoded: 0, unreadable: 0 };
  for (const row of rows) {
    if (sizedImage(`/${row.storage_key}`)) continue;
    const content = await readStored(services, row.storage_key, row.url);
    let image;
    try {
      if (!content) throw new NotAnImageError('missing');
      image = await encodeImage(content, 'avatar', randomBytes(16).toString('hex'));
    } catch (error) {
      if (!(error instanceof NotAnImageError)) throw error;
      result.unreadable += 1;
      continue;
    }
    const folder = row.storage_key.split('/').slice(0, -1).join('/') || 'images/member-avatar';
    const stored = await storeImage(storage, folder, image);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('user_upload_images')
        .set({
          storage_key: stored.key,
          url: stored.url,
          mime: image.files[0].contentType,
          size: image.files[0].body.length,
          width: image.width,
          height: image.height,
        })
        .where('id', '=', row.id)
        .execute();
      await trx
        .updateTable('users')
        .set({ avatar: stored.url })
        .where('id', '=', row.user_id)
        .where('avatar', '=', row.url)
        .execute();
    });
    await storage.delete(row.storage_key).catch(() => undefined);
    result.reencoded += 1;
  }
  return result;
}
