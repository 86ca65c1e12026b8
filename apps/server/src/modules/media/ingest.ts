import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Db } from '../../shared/db/database';
import { MediaSourceError, probeSource, SOURCE_MESSAGES, toolAvailable } from './ffmpeg';
import { parseMediaPlaylist } from './playlists';
import './tables';

/** A source staged under DATA_DIR/media/sources: what an asset is transcoded from. */
export interface StagedSource {
  /** Relative to DATA_DIR/media. */
  path: string;
  name: string;
  size: number;
}

export class MediaIngestError extends Error {}

/** Local video files and the media pipeline's folders live here. */
export const mediaRoot = (dataDir: string) => path.join(dataDir, 'media');

function hashFiles(files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.basename(file));
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * Whether the first bytes are a video container ffmpeg reads: ISO BMFF (MP4, MOV, M4V, 3GP),
 * Matroska/WebM, MPEG-TS, MPEG-PS, AVI, FLV or ASF/WMV. The name and declared type are never
 * trusted; ffprobe judges the whole file later.
 */
export function looksLikeVideo(head: Buffer): boolean {
  const ascii = (from: number, to: number) => head.toString('latin1', from, to);
  if (head.length >= 12 && ['ftyp', 'moov', 'mdat', 'wide', 'free'].includes(ascii(4, 8))) return true;
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return true;
  if (head.length >= 189 && head[0] === 0x47 && head[188] === 0x47) return true;
  if (head.length >= 4 && head.readUInt32BE(0) === 0x000001ba) return true;
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return true;
  if (head.length >= 4 && ascii(0, 3) === 'FLV' && head[3] === 1) return true;
  return head.length >= 4 && head.readUInt32BE(0) === 0x3026b275;
}

/** The first `count` bytes of a file (fewer when it is shorter). */
function headOf(file: string, count: number): Buffer {
  const head = Buffer.alloc(count);
  const fd = fs.openSync(file, 'r');
  try {
    return head.subarray(0, fs.readSync(fd, head, 0, count, 0));
  } finally {
    fs.closeSync(fd);
  }
}

const isPlaylist = (file: string) => headOf(file, 7).toString('latin1') === '#EXTM3U';

/**
 * A source staged from an HLS playlist (by `media:ingest` or the content import, which checked
 * that its segments are files beside it): the only sources ffmpeg may read with its HLS demuxer.
 */
export const isStagedPlaylist = (file: string) => file.endsWith('.m3u8') && isPlaylist(file);

/**
 * Checks an uploaded file before it becomes a source, so ffmpeg never sees anything else: its
 * first bytes must be a video container's (a playlist, a concat list, text or an image is
 * refused), and ffprobe — local file only, video demuxers only — must find a video stream in it.
 * Without ffprobe on this node the first bytes decide and the worker's probe checks again.
 * Throws MediaSourceError with the operator's message.
 */
export async function checkUploadedVideo(file: string, ffprobe: string): Promise<void> {
  if (!looksLikeVideo(headOf(file, 512))) {
    throw new MediaSourceError(SOURCE_MESSAGES.unreadable, 'not a video container');
  }
  if (toolAvailable(ffprobe)) await probeSource(ffprobe, file);
}

/**
 * Copies a local video into DATA_DIR/media/sources/<content hash>/ (identical sources are kept
 * once). An HLS playlist (recognised by its content) brings only the segments it lists — never
 * the other files of its folder — and must be a plain media playlist with relative segment names.
 */
export function stageSource(
  dataDir: string,
  file: string,
  maxBytes: number,
  options: { allowPlaylist?: boolean } = {},
): StagedSource {
  const source = path.resolve(file);
  const stat = fs.statSync(source, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new MediaIngestError(`Video file not found: ${source}`);
  let files = [source];
  let size = stat.size;
  if (isPlaylist(source)) {
    if (options.allowPlaylist === false) throw new MediaIngestError(`${source}: a playlist, not a video`);
    const { segments, encrypted } = parseMediaPlaylist(fs.readFileSync(source, 'utf8'));
    if (encrypted) throw new MediaIngestError(`${source}: encrypted playlists cannot be imported`);
    if (segments.length === 0) throw new MediaIngestError(`${source}: the playlist lists no segments`);
    const folder = path.dirname(source);
    files = [
      source,
      ...segments.map((segment) => {
        const name = decodeURIComponent(segment.uri.split('?')[0]);
        const from = path.resolve(folder, name);
        if (/^[a-z]+:/i.test(segment.uri) || path.dirname(from) !== folder || !fs.existsSync(from)) {
          throw new MediaIngestError(`${source}: segment ${segment.uri} must be a file beside the playlist`);
        }
        return from;
      }),
    ];
    size = files.reduce((sum, item) => sum + fs.statSync(item).size, 0);
  }
  if (size > maxBytes) {
    throw new MediaIngestError(
      `${source} is ${Math.ceil(size / 1048576)} MB, over the limit of ${Math.floor(maxBytes / 1048576)} MB (MEDIA_MAX_UPLOAD_MB)`,
    );
  }
  const folderName = hashFiles(files);
  const target = path.join(mediaRoot(dataDir), 'sources', folderName);
  fs.mkdirSync(target, { recursive: true });
  for (const item of files) {
    const to = path.join(target, path.basename(item));
    if (!fs.existsSync(to)) fs.copyFileSync(item, to);
  }
  return { path: `sources/${folderName}/${path.basename(source)}`, name: path.basename(source), size };
}

/**
 * Points a video at a staged source: its asset (created when missing) goes back to `uploaded`.
 * The same source again changes nothing, so re-importing a content file transcodes nothing.
 */
export async function registerVideoSource(
  db: Db,
  videoId: number,
  source: StagedSource,
  now: Date,
): Promise<number> {
  const existing = await db
    .selectFrom('media_assets')
    .select(['id', 'source_path', 'status'])
    .where('video_id', '=', videoId)
    .executeTakeFirst();
  if (existing && existing.source_path === source.path && existing.status !== 'failed') return existing.id;
  const values = {
    source_path: source.path,
    source_name: source.name,
    source_size: source.size,
    status: 'uploaded' as const,
    progress: 0,
    failure_reason: '',
    attempts: 0,
    claim_token: null,
    lease_until: null,
    updated_at: now,
  };
  if (existing) {
    await db.updateTable('media_assets').set(values).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const row = await db
    .insertInto('media_assets')
    .values({ ...values, video_id: videoId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
