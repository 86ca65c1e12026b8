import fs from 'node:fs';
import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Database } from '../../shared/db/schema';
import { MediaIngestError, registerVideoSource, stageSource, type StagedSource } from '../media/ingest';
import { ContentFileError, type ContentCourse } from './content-file';

/**
 * Where a local `file` named by a content file lies: an absolute path as written; a relative one
 * beside the content file (how operators write them), else under DATA_DIR, where the keys an
 * export writes point (`media/sources/…`, `attach/…`: exports never show the server's paths).
 */
export function contentFilePath(options: { baseDir: string; dataDir: string }, file: string): string {
  const beside = path.resolve(options.baseDir, file);
  if (path.isAbsolute(file) || fs.existsSync(beside)) return beside;
  return path.resolve(options.dataDir, file);
}

/**
 * Local video files go through the media pipeline (modules/media): each is staged now and its
 * video's asset registered inside the import transaction; the background job transcodes and
 * encrypts it. The trial is cut from the video at `free_seconds`, so `trial_file` is not used.
 */
/** Where an import's video files are read from and staged (a subset of the import's options). */
interface VideoFileOptions {
  baseDir: string;
  dataDir: string;
  maxVideoBytes?: number;
}

export function prepareVideoFiles(
  course: ContentCourse,
  options: VideoFileOptions,
): Map<string, StagedSource> {
  const staged = new Map<string, StagedSource>();
  const videos = [...(course.videos ?? []), ...(course.chapters ?? []).flatMap((chapter) => chapter.videos)];
  for (const video of videos) {
    if (video.trial_file) video.trial_url = '';
    if (!video.file) continue;
    try {
      staged.set(
        video.slug,
        stageSource(options.dataDir, contentFilePath(options, video.file), options.maxVideoBytes ?? Infinity),
      );
    } catch (error) {
      if (error instanceof MediaIngestError) throw new ContentFileError(error.message);
      throw error;
    }
    video.url = '';
  }
  return staged;
}

/** Points each staged video's asset at its source, inside the import transaction. */
export async function registerStagedVideos(
  trx: Transaction<Database>,
  staged: Map<string, StagedSource>,
  now: Date,
): Promise<void> {
  for (const [slug, source] of staged) {
    const video = await trx
      .selectFrom('videos')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    await registerVideoSource(trx, video.id, source, now);
  }
}
