import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Db } from '../../shared/db/database';
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

const isPlaylist = (file: string) => {
  const head = Buffer.alloc(7);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 7, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head.toString('latin1') === '#EXTM3U';
};

/**
 * Copies a local video into DATA_DIR/media/sources/<content hash>/ (identical sources are kept
 * once). An HLS playlist (recognised by its content) brings only the segments it lists — never
 * the other files of its folder — and must be a plain media playlist with relative segment names.
 */
export function stageSource(dataDir: string, file: string, maxBytes: number): StagedSource {
  const source = path.resolve(file);
  const stat = fs.statSync(source, { throwIfNoEntry: false });
  if (!stat?.isFile()) throw new MediaIngestError(`Video file not found: ${source}`);
  let files = [source];
  let size = stat.size;
  if (isPlaylist(source)) {
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
