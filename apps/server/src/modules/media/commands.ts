import fs from 'node:fs';
import path from 'node:path';
import { DEMO_VIDEO_DIR } from '../../config/app-folders';
import { CommandError, type CliCommand } from '../../kernel/command';
import type { AppServices } from '../../services';
import { MediaIngestError, mediaRoot, registerVideoSource, stageSource } from './ingest';
import type { StoredRendition } from './media-service';
import { reencodeStoredAvatars } from './reencode-avatars';

async function findVideo(services: AppServices, ref: string | undefined, usage: string) {
  if (!ref) throw new CommandError(`Usage: ${usage}`);
  const query = services.db.selectFrom('videos').select(['id', 'slug', 'title', 'url']);
  const video = await (
    /^\d{1,9}$/.test(ref) ? query.where('id', '=', Number(ref)) : query.where('slug', '=', ref)
  ).executeTakeFirst();
  if (!video) throw new CommandError(`No video ${ref}`);
  return video;
}

function stage(services: AppServices, file: string) {
  try {
    return stageSource(services.env.dataDir, file, services.env.media.maxUploadBytes);
  } catch (error) {
    if (error instanceof MediaIngestError) throw new CommandError(error.message);
    throw error;
  }
}

/** Where a video's former plain local address points on disk (the old /media folder, the old demo folder). */
/** The demo lessons' source: a 12-second plain HLS rendition (apps/server/demo-video, never served as is). */
export const DEMO_VIDEO_PLAYLIST = path.join(DEMO_VIDEO_DIR, 'lesson.m3u8');

function legacyFile(services: AppServices, url: string): string | null {
  const pathOnly = url.split(/[?#]/)[0];
  if (pathOnly.startsWith('/media/')) {
    const relative = pathOnly.slice('/media/'.length).split('/').map(decodeURIComponent);
    if (relative.some((part) => part === '..' || part === '')) return null;
    return path.join(mediaRoot(services.env.dataDir), ...relative);
  }
  if (pathOnly.startsWith('/demo/video/')) {
    // The demo's plain files left the public folder: its lessons take the demo source.
    return DEMO_VIDEO_PLAYLIST;
  }
  return null;
}

export const mediaCommands: CliCommand[] = [
  {
    name: 'media:list',
    usage: 'media:list [status]',
    summary: 'Video assets with their state (uploaded, transcoding, ready, failed), progress and renditions',
    async run(services, [status], out) {
      let query = services.db
        .selectFrom('media_assets as a')
        .leftJoin('videos as v', 'v.id', 'a.video_id')
        .select([
          'a.id',
          'a.video_id',
          'v.slug',
          'a.status',
          'a.progress',
          'a.duration',
          'a.renditions',
          'a.trial_seconds',
          'a.generation',
          'a.failure_reason',
          'a.source_name',
        ])
        .orderBy('a.id');
      if (status) query = query.where('a.status', '=', status as 'ready');
      const rows = await query.execute();
      if (rows.length === 0) out.line('No media assets');
      for (const row of rows) {
        const ladder =
          (JSON.parse(row.renditions) as StoredRendition[])
            .filter((r) => r.scope !== 'trial')
            .map((r) => r.name)
            .join('+') || '-';
        const state = row.status === 'transcoding' ? `transcoding ${row.progress}%` : row.status;
        out.line(
          [
            `#${row.id}`,
            `video ${row.video_id ?? '-'} ${row.slug ?? ''}`.trim(),
            state,
            row.generation
              ? `playing ${ladder}, ${row.duration}s, trial ${row.trial_seconds}s`
              : 'not playable yet',
            row.source_name,
            row.failure_reason ? `reason: ${row.failure_reason}` : '',
          ]
            .filter(Boolean)
            .join('  '),
        );
      }
      if (!services.media.ffmpegAvailable) {
        out.line(
          `Transcoding unavailable: ffmpeg not found at ${services.env.media.ffmpegPath} (set FFMPEG_PATH)`,
        );
      }
    },
  },
  {
    name: 'media:ingest',
    usage: 'media:ingest <video id|slug> <file>',
    summary: 'Give a video a new source file (MP4, MOV, an HLS folder…); the transcode job encrypts it',
    async run(services, [ref, file], out) {
      const usage = 'media:ingest <video id|slug> <file>';
      const video = await findVideo(services, ref, usage);
      if (!file) throw new CommandError(`Usage: ${usage}`);
      const source = stage(services, path.resolve(file));
      const id = await registerVideoSource(services.db, video.id, source, services.now());
      out.line(
        `Asset #${id} of video ${video.id} (${video.slug}) uploaded; media:process or the job transcodes it`,
      );
    },
  },
  {
    name: 'media:upload-token',
    usage: 'media:upload-token <video id|slug> [hours]',
    summary: 'A grant to upload a new source for a video over HTTP, resumably (tus 1.0 at /media/uploads)',
    async run(services, [ref, hours = '24'], out) {
      const usage = 'media:upload-token <video id|slug> [hours]';
      const video = await findVideo(services, ref, usage);
      if (!/^\d{1,4}$/.test(hours) || Number(hours) < 1) throw new CommandError(`Usage: ${usage}`);
      const token = services.media.uploadToken(video.id, Number(hours) * 3600);
      out.line(`Upload endpoint: ${services.env.appUrl}/media/uploads?t=${encodeURIComponent(token)}`);
      out.line(
        `Valid ${hours} h for video ${video.id} (${video.slug}); files up to ${Math.floor(services.env.media.maxUploadBytes / 1048576)} MB (MEDIA_MAX_UPLOAD_MB). ` +
          'Any tus 1.0 client resumes an interrupted upload; the finished file is transcoded by the media-transcode job.',
      );
    },
  },
  {
    name: 'media:process',
    usage: 'media:process',
    summary: 'Run the transcode queue now in this process (as the media-transcode job does)',
    async run(services, _args, out) {
      const counts = await services.media.runPending({ max: 1000 });
      out.line(
        `ready ${counts.ready}, failed ${counts.failed}, waiting for ffmpeg ${counts.waiting}, taken over ${counts.lost}`,
      );
    },
  },
  {
    name: 'media:reprocess',
    usage: 'media:reprocess <asset id|all>',
    summary:
      'Transcode assets again (after free_seconds changed, or demo / packaged assets through the ffmpeg ladder)',
    async run(services, [ref], out) {
      if (!ref) throw new CommandError('Usage: media:reprocess <asset id|all>');
      const ids =
        ref === 'all'
          ? (await services.db.selectFrom('media_assets').select('id').execute()).map((row) => row.id)
          : [Number(ref)];
      let count = 0;
      for (const id of ids) if (Number.isInteger(id) && (await services.media.reprocess(id))) count += 1;
      if (count === 0) throw new CommandError(`No media asset ${ref}`);
      out.line(`${count} asset(s) queued; the previous renditions keep playing until the new ones are ready`);
    },
  },
  {
    name: 'media:migrate',
    usage: 'media:migrate',
    summary:
      'Move videos still pointing at plain local files (/media/…, /demo/video/…) into the encrypted pipeline',
    async run(services, _args, out) {
      const videos = await services.db
        .selectFrom('videos')
        .leftJoin('media_assets as a', 'a.video_id', 'videos.id')
        .select(['videos.id', 'videos.slug', 'videos.url', 'videos.trial_url'])
        .where('a.id', 'is', null)
        .where((eb) =>
          eb.or([eb('videos.url', 'like', '/media/%'), eb('videos.url', 'like', '/demo/video/%')]),
        )
        .execute();
      let moved = 0;
      for (const video of videos) {
        const file = legacyFile(services, video.url);
        if (!file || !fs.existsSync(file)) {
          out.line(`video ${video.id} (${video.slug}): ${video.url} not found on disk, left as it is`);
          continue;
        }
        const source = stage(services, file);
        await services.db.transaction().execute(async (trx) => {
          await registerVideoSource(trx, video.id, source, services.now());
          await trx
            .updateTable('videos')
            .set({ url: '', trial_url: '' })
            .where('id', '=', video.id)
            .execute();
        });
        moved += 1;
      }
      out.line(
        `${moved} video(s) moved into the media pipeline; they play once transcoded (media:list). ` +
          'Delete the old plain files under DATA_DIR/media/<course>/ afterwards.',
      );
    },
  },
  {
    name: 'media:reencode-avatars',
    usage: 'media:reencode-avatars',
    summary:
      'Re-encode avatars uploaded before the image pipeline (drops their EXIF/GPS data, adds WebP copies)',
    async run(services, _args, out) {
      const { reencoded, unreadable } = await reencodeStoredAvatars(services);
      out.line(`${reencoded} avatar(s) re-encoded; ${unreadable} unreadable or missing left as they are`);
    },
  },
  {
    name: 'media:rekey',
    usage: 'media:rekey',
    summary: 'Re-wrap every stored content key under the current MEDIA_KEY_SECRET (after a rotation)',
    async run(services, _args, out) {
      out.line(`${await services.media.rekey()} asset(s) re-wrapped under the current MEDIA_KEY_SECRET`);
    },
  },
];
