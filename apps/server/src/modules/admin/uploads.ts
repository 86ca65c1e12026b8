import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_CHUNK_BYTES, type AdminUpload } from '@kezhan/contract/admin/videos';
import { CONTROL_CHARACTERS } from '@kezhan/contract/rules';
import type { AppServices } from '../../services';
import { BusinessError } from '../../shared/http/errors';
import { MediaSourceError } from '../media/ffmpeg';
import { checkUploadedVideo, MediaIngestError, registerVideoSource, stageSource } from '../media/ingest';
import { adminSessionOf } from './guard';
import { videoSnapshot } from './video-admin';

export const UPLOAD_GONE = '上传不存在或已过期';
export const UPLOAD_INCOMPLETE = '文件尚未上传完整';
export const UPLOAD_TOO_LARGE = '上传内容超出文件大小';
export const NOT_A_VIDEO = '无法识别的视频文件';
const UPLOAD_TTL_SECONDS = 24 * 60 * 60;

interface UploadState {
  video_id: number;
  administrator_id: number;
  name: string;
  size: number;
}

const uploadDir = (dataDir: string) => path.join(dataDir, 'uploads');
const partFile = (dataDir: string, id: string) => path.join(uploadDir(dataDir), `${id}.part`);
const stateKey = (id: string) => `admin-upload:${id}`;

/** A file name kept only for display: no folders, no control characters. */
const safeName = (name: string) =>
  path
    .basename(name.replace(/\\/g, '/'))
    .replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '')
    .slice(0, 120) || 'video';

const received = (file: string) => fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;

export async function startUpload(
  services: AppServices,
  request: FastifyRequest,
  videoId: number,
  body: { name: string; size: number },
): Promise<AdminUpload> {
  await videoSnapshot(services.db, videoId);
  const max = services.env.media.maxUploadBytes;
  if (body.size > max) throw new BusinessError(`视频文件过大，最大 ${Math.floor(max / 1048576)} MB`);
  const id = randomBytes(18).toString('base64url');
  const state: UploadState = {
    video_id: videoId,
    administrator_id: adminSessionOf(request).administrator.id,
    name: safeName(body.name),
    size: body.size,
  };
  fs.mkdirSync(uploadDir(services.env.dataDir), { recursive: true });
  fs.writeFileSync(partFile(services.env.dataDir, id), '');
  await services.store.set(stateKey(id), JSON.stringify(state), UPLOAD_TTL_SECONDS);
  return { upload_id: id, received: 0, size: body.size };
}

/** The upload of this administrator (another's upload id is as unknown as an expired one). */
async function findUpload(services: AppServices, request: FastifyRequest, id: string): Promise<UploadState> {
  const raw = await services.store.get(stateKey(id));
  const state = raw ? (JSON.parse(raw) as UploadState) : null;
  const file = partFile(services.env.dataDir, id);
  if (!state || state.administrator_id !== adminSessionOf(request).administrator.id || !fs.existsSync(file)) {
    throw new BusinessError(UPLOAD_GONE);
  }
  return state;
}

export async function uploadStatus(
  services: AppServices,
  request: FastifyRequest,
  id: string,
): Promise<AdminUpload> {
  const state = await findUpload(services, request, id);
  return { upload_id: id, received: received(partFile(services.env.dataDir, id)), size: state.size };
}

/**
 * Appends one piece sent at `offset`, which must be where the file ends now (a piece sent twice,
 * or out of order, is refused and the client resumes from the status). A piece is at most 1 MB
 * and never takes the file past its announced size; a broken piece is cut off again.
 */
export async function appendChunk(
  services: AppServices,
  request: FastifyRequest,
  id: string,
  offset: number,
): Promise<AdminUpload> {
  const state = await findUpload(services, request, id);
  const file = partFile(services.env.dataDir, id);
  const start = received(file);
  if (offset !== start) {
    request.raw.resume();
    throw new BusinessError(`上传位置不符，请从第 ${start} 字节续传`);
  }
  const room = Math.min(UPLOAD_CHUNK_BYTES, state.size - start);
  const out = fs.createWriteStream(file, { flags: 'a' });
  let count = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      request.raw.on('data', (chunk: Buffer) => {
        count += chunk.length;
        if (count > room) {
          request.raw.removeAllListeners('data');
          request.raw.resume();
          reject(new BusinessError(UPLOAD_TOO_LARGE));
          return;
        }
        if (!out.write(chunk)) {
          request.raw.pause();
          out.once('drain', () => request.raw.resume());
        }
      });
      request.raw.on('end', resolve);
      request.raw.on('error', reject);
    });
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    out.destroy();
    fs.truncateSync(file, start);
    throw error;
  }
  return { upload_id: id, received: received(file), size: state.size };
}

/** The whole file arrived: it becomes the video's source (media ingest) and waits to be transcoded. */
export async function completeUpload(services: AppServices, request: FastifyRequest, id: string) {
  const state = await findUpload(services, request, id);
  const { dataDir } = services.env;
  const file = partFile(dataDir, id);
  if (received(file) !== state.size) throw new BusinessError(UPLOAD_INCOMPLETE);
  const named = path.join(uploadDir(dataDir), id, state.name);
  fs.mkdirSync(path.dirname(named), { recursive: true });
  fs.renameSync(file, named);
  try {
    // Probed before it becomes a source: ffmpeg never sees a playlist, a text or an image.
    await checkUploadedVideo(named, services.env.media.ffprobePath);
    const staged = stageSource(dataDir, named, services.env.media.maxUploadBytes, { allowPlaylist: false });
    await registerVideoSource(services.db, state.video_id, staged, services.now());
    return { videoId: state.video_id, name: state.name, size: state.size };
  } catch (error) {
    if (error instanceof MediaSourceError) throw new BusinessError(error.message);
    if (error instanceof MediaIngestError) throw new BusinessError(NOT_A_VIDEO);
    throw error;
  } finally {
    fs.rmSync(path.dirname(named), { recursive: true, force: true });
    await services.store.delete(stateKey(id));
  }
}
