import path from 'node:path';
import type { Transaction } from 'kysely';
import type { Database } from '../../shared/db/schema';
import { MediaIngestError, registerVideoSource, stageSource, type StagedSource } from '../media/ingest';
import { ContentFileError, type ContentCourse } from './content-file';

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
        stageSource(
          options.dataDir,
          path.resolve(options.baseDir, video.file),
          options.maxVideoBytes ?? Infinity,
        ),
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
