import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../shared/db/database';

export interface AttachmentCopy {
  copied: number;
  present: number;
  /** Not found under the MeEdu directory (e.g. a 2026 school's private S3 files). */
  missing: number;
}

/** `relative` inside `root`, or null when it would climb out of it. */
function inside(root: string, relative: string): string | null {
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * Copies the files of the migrated attachments kept on disk from MeEdu's `storage/app/attach`
 * to Kezhan's attachment directory, under the same relative paths. A file already there with the
 * same size is left alone, so a resumed run copies only what is missing.
 */
export async function copyAttachmentFiles(db: Db, from: string, to: string): Promise<AttachmentCopy> {
  const result: AttachmentCopy = { copied: 0, present: 0, missing: 0 };
  const source = path.resolve(from);
  const target = path.resolve(to);
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('course_attachments')
      .select(['id', 'path'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    for (const row of rows) {
      if (/^https?:\/\//i.test(row.path)) continue;
      const src = inside(source, row.path);
      const dst = inside(target, row.path);
      const stat = src ? fs.statSync(src, { throwIfNoEntry: false }) : undefined;
      if (!src || !dst || !stat?.isFile()) {
        result.missing += 1;
        continue;
      }
      if (fs.statSync(dst, { throwIfNoEntry: false })?.size === stat.size) {
        result.present += 1;
        continue;
      }
      await fs.promises.mkdir(path.dirname(dst), { recursive: true });
      await fs.promises.copyFile(src, dst);
      result.copied += 1;
    }
    if (rows.length < 500) return result;
    after = rows.at(-1)!.id;
  }
}
