import fs from 'node:fs';
import path from 'node:path';
import type { FileStorage } from '../../providers/storage/file-storage';
import { encodeImage, NotAnImageError, storeImage, type ImageKind } from './images';

export class ContentImageError extends Error {}

/** A path inside the content file's folder (no scheme, not root-relative): an image to ingest. */
const isLocalPath = (value: string) => !/^([a-z][a-z0-9+.-]*:|\/)/i.test(value) && value.length > 0;

/**
 * Sends the local images of a content file (a course's `thumb`, a block's `src`/`logo`/`thumb`
 * given as a path beside the file) through the image pipeline, and puts the stored address in
 * their place. Addresses (`/demo/…`, `https://…`) are left as they are. The stored name comes
 * from the re-encoded content, so importing the same file again stores nothing new.
 */
export async function ingestContentImages(
  storage: FileStorage,
  data: unknown,
  baseDir: string,
): Promise<number> {
  const cache = new Map<string, string>();
  let count = 0;
  const ingest = async (value: unknown, kind: ImageKind): Promise<unknown> => {
    if (typeof value !== 'string' || !isLocalPath(value)) return value;
    const file = path.resolve(baseDir, value);
    const key = `${kind}:${file}`;
    if (!cache.has(key)) {
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile())
        throw new ContentImageError(`Image file not found: ${file}`);
      try {
        const image = await encodeImage(fs.readFileSync(file), kind);
        cache.set(key, (await storeImage(storage, `images/${kind}`, image)).url);
        count += 1;
      } catch (error) {
        if (error instanceof NotAnImageError)
          throw new ContentImageError(`${file}: not a JPEG, PNG or WebP image (or over 12 megapixels)`);
        throw error;
      }
    }
    return cache.get(key);
  };

  const root = data as { courses?: unknown; blocks?: unknown };
  for (const course of Array.isArray(root?.courses) ? root.courses : []) {
    if (course && typeof course === 'object' && 'thumb' in course)
      course.thumb = await ingest(course.thumb, 'cover');
  }
  for (const page of Array.isArray(root?.blocks) ? root.blocks : []) {
    for (const block of Array.isArray(page?.blocks) ? page.blocks : []) {
      await walkBlock(block?.config, block?.sign === 'slider' ? 'banner' : 'picture', ingest);
    }
  }
  return count;
}

/** Replaces the image fields anywhere inside a block's configuration. */
async function walkBlock(
  node: unknown,
  kind: ImageKind,
  ingest: (value: unknown, kind: ImageKind) => Promise<unknown>,
): Promise<void> {
  if (Array.isArray(node)) {
    for (const item of node) await walkBlock(item, kind, ingest);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  for (const [field, value] of Object.entries(record)) {
    if (['src', 'logo', 'thumb'].includes(field)) {
      record[field] = await ingest(value, field === 'thumb' ? 'cover' : kind);
    } else {
      await walkBlock(value, kind, ingest);
    }
  }
}
