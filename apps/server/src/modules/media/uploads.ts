import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { once } from 'node:events';
import type { Db } from '../../shared/db/database';
import { looksLikeVideo, registerVideoSource } from './ingest';

/**
 * Resumable uploads of source videos (the tus 1.0 protocol: creation, HEAD/GET offset, PATCH
 * append, DELETE termination). The bytes land in DATA_DIR/media/uploads/<id>.part: the file's
 * length is the offset, so whatever arrived before a dropped connection or a restart counts and
 * the client goes on from there. A finished upload whose first bytes are a video container is
 * staged like `media:ingest` and its asset queued for transcoding.
 */

export const UPLOAD_MESSAGES = {
  tooLarge: '文件超过上传上限',
  notVideo: '请上传视频文件',
  offset: '上传位置不一致，请重新获取进度',
  busy: '该文件正在上传中',
} as const;

/** Unfinished uploads untouched this long are removed by the transcode job. */
export const STALE_UPLOAD_MS = 7 * 24 * 3600_000;
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export class UploadError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 415 | 423,
    message: string,
  ) {
    super(message);
  }
}

interface UploadMeta {
  videoId: number;
  length: number;
  name: string;
  /** Set once the finished upload became a media asset. */
  assetId?: number;
}

export interface UploadState extends UploadMeta {
  id: string;
  offset: number;
}

/** A file name safe on disk and in `media:list`: the uploader's own name, tamed. */
function safeName(name: string): string {
  const cleaned = path
    .basename(name)
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .slice(-120);
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : 'upload.mp4';
}

export class MediaUploads {
  /** Uploads receiving a PATCH on this node: one writer at a time per upload. */
  private readonly writing = new Set<string>();

  constructor(private readonly options: { db: Db; dataDir: string; maxBytes: number; now: () => Date }) {}

  private get dir() {
    return path.join(this.options.dataDir, 'media', 'uploads');
  }

  private files(id: string) {
    return { meta: path.join(this.dir, `${id}.json`), part: path.join(this.dir, `${id}.part`) };
  }

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  create(videoId: number, length: number, name: string): UploadState {
    if (!Number.isSafeInteger(length) || length < 1) throw new UploadError(400, 'Upload-Length');
    if (length > this.options.maxBytes) throw new UploadError(413, UPLOAD_MESSAGES.tooLarge);
    fs.mkdirSync(this.dir, { recursive: true });
    const id = randomBytes(16).toString('hex');
    const meta: UploadMeta = { videoId, length, name: safeName(name) };
    const files = this.files(id);
    fs.writeFileSync(files.part, '');
    fs.writeFileSync(files.meta, JSON.stringify(meta));
    return { id, offset: 0, ...meta };
  }

  /** The upload, when it exists and belongs to this video. */
  find(id: string, videoId: number): UploadState | null {
    if (!UPLOAD_ID.test(id)) return null;
    const files = this.files(id);
    let meta: UploadMeta;
    try {
      meta = JSON.parse(fs.readFileSync(files.meta, 'utf8')) as UploadMeta;
    } catch {
      return null;
    }
    if (meta.videoId !== videoId) return null;
    const offset = meta.assetId
      ? meta.length
      : (fs.statSync(files.part, { throwIfNoEntry: false })?.size ?? 0);
    return { id, offset, ...meta };
  }

  /**
   * Appends a PATCH body at `offset` (which must be where the upload stands). Bytes past the
   * declared length are refused; a body cut short keeps what arrived. Answers the new state,
   * with `assetId` once the last byte made it a queued media asset.
   */
  async append(upload: UploadState, offset: number, body: Readable): Promise<UploadState> {
    if (upload.assetId || offset !== upload.offset) {
      body.resume();
      throw new UploadError(409, UPLOAD_MESSAGES.offset);
    }
    if (this.writing.has(upload.id)) {
      body.resume();
      throw new UploadError(423, UPLOAD_MESSAGES.busy);
    }
    this.writing.add(upload.id);
    const files = this.files(upload.id);
    let room = upload.length - offset;
    let overflow = false;
    const out = fs.createWriteStream(files.part, { flags: 'a' });
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        // Past the declared length nothing more is written; the rest is drained, then refused.
        if (overflow || chunk.length > room) {
          overflow = true;
          continue;
        }
        room -= chunk.length;
        if (!out.write(chunk)) await once(out, 'drain');
      }
    } catch {
      // A dropped connection: what was written stays, the client resumes from HEAD's offset.
    } finally {
      await new Promise((resolve) => out.end(resolve));
      this.writing.delete(upload.id);
    }
    const written = fs.statSync(files.part).size;
    if (overflow) throw new UploadError(413, UPLOAD_MESSAGES.tooLarge);
    if (written < upload.length) return { ...upload, offset: written };
    return this.finish({ ...upload, offset: written });
  }

  /** The last byte arrived: check the content, stage it as the video's source, queue the asset. */
  private async finish(upload: UploadState): Promise<UploadState> {
    const files = this.files(upload.id);
    const head = Buffer.alloc(512);
    const fd = fs.openSync(files.part, 'r');
    let read = 0;
    try {
      read = fs.readSync(fd, head, 0, head.length, 0);
    } finally {
      fs.closeSync(fd);
    }
    if (!looksLikeVideo(head.subarray(0, read))) {
      this.remove(upload.id);
      throw new UploadError(415, UPLOAD_MESSAGES.notVideo);
    }
    const hash = createHash('sha256');
    hash.update(upload.name);
    await pipeline(fs.createReadStream(files.part), hash);
    const folder = hash.digest('hex').slice(0, 32);
    const target = path.join(this.options.dataDir, 'media', 'sources', folder);
    fs.mkdirSync(target, { recursive: true });
    fs.renameSync(files.part, path.join(target, upload.name));
    const assetId = await registerVideoSource(
      this.options.db,
      upload.videoId,
      { path: `sources/${folder}/${upload.name}`, name: upload.name, size: upload.length },
      this.options.now(),
    );
    const done: UploadMeta = { videoId: upload.videoId, length: upload.length, name: upload.name, assetId };
    fs.writeFileSync(files.meta, JSON.stringify(done));
    return { ...upload, assetId };
  }

  remove(id: string): void {
    const files = this.files(id);
    fs.rmSync(files.part, { force: true });
    fs.rmSync(files.meta, { force: true });
  }

  /** Removes uploads nobody touched for STALE_UPLOAD_MS (finished or abandoned). */
  purgeStale(): number {
    if (!fs.existsSync(this.dir)) return 0;
    const cutoff = this.options.now().getTime() - STALE_UPLOAD_MS;
    let removed = 0;
    for (const entry of fs.readdirSync(this.dir)) {
      const id = entry.replace(/\.(json|part)$/, '');
      if (!UPLOAD_ID.test(id) || !entry.endsWith('.json') || this.writing.has(id)) continue;
      const files = this.files(id);
      const touched = Math.max(
        ...[files.meta, files.part].map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0),
      );
      if (touched < cutoff) {
        this.remove(id);
        removed += 1;
      }
    }
    return removed;
  }
}
