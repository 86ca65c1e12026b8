import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { mediaApi } from '@kezhan/contract/media';
import { route } from '../../shared/http/route';
import { UploadError, type UploadState } from './uploads';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

function refuse(reply: FastifyReply, status: 403 | 404) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(status === 403 ? 'forbidden' : 'not found');
}

/**
 * Protected video delivery (see ARCHITECTURE.md, "Following one playback"). Every address carries
 * a signed grant `?t=` for one login session of one member, one video and one scope (full /
 * trial). Playlists and the key re-check the session and the member's entitlement on each request
 * and are never cached; segments are AES-128 encrypted, so they only check the signature and may
 * be cached by a CDN.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  const { media } = app.services;

  const grantOf = (
    params: { videoId: string; scope: string },
    token: string | undefined,
    kind: 'm' | 'p' = 'p',
  ) => {
    if (!/^\d{1,9}$/.test(params.videoId) || Number(params.videoId) < 1) return null;
    return media.verify(Number(params.videoId), params.scope, kind, token);
  };

  route(app, mediaApi.master, async (request, reply) => {
    // Only playinfo's entry grant opens the master: a grant from inside a playlist never does.
    const grant = grantOf(request.params, request.query.t, 'm');
    if (!grant || !(await media.entitled(grant))) return refuse(reply, 403);
    const text = await media.masterPlaylist(grant);
    if (!text) return refuse(reply, 404);
    return reply.header('cache-control', 'private, no-store').type(PLAYLIST_TYPE).send(text);
  });

  route(app, mediaApi.playlist, async (request, reply) => {
    const grant = grantOf(request.params, request.query.t);
    if (!grant || !(await media.entitled(grant))) return refuse(reply, 403);
    const text = await media.mediaPlaylist(grant, request.params.rendition, request.query.t!);
    if (!text) return refuse(reply, 404);
    return reply.header('cache-control', 'private, no-store').type(PLAYLIST_TYPE).send(text);
  });

  route(app, mediaApi.key, async (request, reply) => {
    const grant = grantOf(request.params, request.query.t);
    if (!grant || !(await media.entitled(grant))) return refuse(reply, 403);
    const key = await media.contentKey(grant);
    if (!key) return refuse(reply, 404);
    return reply.header('cache-control', 'private, no-store').type('application/octet-stream').send(key);
  });

  route(app, mediaApi.segment, async (request, reply) => {
    const grant = grantOf(request.params, request.query.t);
    if (!grant) return refuse(reply, 403);
    const { generation, rendition, segment } = request.params;
    const file = await media.segmentFile(grant, generation, rendition, segment);
    if (!file) return refuse(reply, 404);
    const size = fs.statSync(file).size;
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-length', size)
      .type('video/mp2t')
      .send(fs.createReadStream(file));
  });

  // ---- Resumable source uploads (tus 1.0: creation, offset, PATCH, termination)
  const TUS_VERSION = '1.0.0';
  // PATCH bodies stay a stream: uploads.ts writes them to disk as they arrive.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const tus = (reply: FastifyReply) =>
    reply.header('tus-resumable', TUS_VERSION).header('cache-control', 'no-store');
  const uploadFailed = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof UploadError)) throw error;
    return tus(reply).code(error.status).type('text/plain; charset=utf-8').send(error.message);
  };
  const uploadOf = (params: { uploadId: string }, token: string | undefined): UploadState | null => {
    const videoId = media.verifyUploadToken(token);
    return videoId === null ? null : media.uploads.find(params.uploadId, videoId);
  };
  const offsets = (reply: FastifyReply, upload: UploadState) => {
    tus(reply).header('upload-offset', upload.offset).header('upload-length', upload.length);
    if (upload.assetId) reply.header('kezhan-asset-id', upload.assetId);
    return reply;
  };

  route(app, mediaApi.uploadCreate, async (request, reply) => {
    const videoId = media.verifyUploadToken(request.query.t);
    if (videoId === null) return tus(reply).code(403).send('forbidden');
    if (request.headers['tus-resumable'] !== TUS_VERSION)
      return reply.code(412).header('tus-version', TUS_VERSION).send('Tus-Resumable 1.0.0 required');
    const lengthHeader = String(request.headers['upload-length'] ?? '');
    if (!/^\d{1,15}$/.test(lengthHeader)) return tus(reply).code(400).send('Upload-Length required');
    try {
      const upload = media.uploads.create(videoId, Number(lengthHeader), uploadFileName(request.headers));
      return tus(reply)
        .code(201)
        .header('location', `/media/uploads/${upload.id}?t=${encodeURIComponent(request.query.t!)}`)
        .header('upload-offset', 0)
        .send();
    } catch (error) {
      return uploadFailed(reply, error);
    }
  });

  route(app, mediaApi.uploadStatus, async (request, reply) => {
    const upload = uploadOf(request.params, request.query.t);
    if (!upload) return tus(reply).code(404).send({ offset: 0, length: 0, asset_id: null });
    return offsets(reply, upload).send({
      offset: upload.offset,
      length: upload.length,
      asset_id: upload.assetId ?? null,
    });
  });

  route(app, mediaApi.uploadAppend, { config: { rateLimit: false } }, async (request, reply) => {
    const upload = uploadOf(request.params, request.query.t);
    if (!upload) {
      request.raw.resume();
      return tus(reply).code(404).send('not found');
    }
    if (request.headers['content-type'] !== 'application/offset+octet-stream') {
      request.raw.resume();
      return tus(reply).code(415).send('Content-Type: application/offset+octet-stream required');
    }
    const offset = String(request.headers['upload-offset'] ?? '');
    if (!/^\d{1,15}$/.test(offset)) {
      request.raw.resume();
      return tus(reply).code(400).send('Upload-Offset required');
    }
    try {
      const after = await media.uploads.append(upload, Number(offset), request.raw);
      return offsets(reply, after).code(204).send();
    } catch (error) {
      return uploadFailed(reply, error);
    }
  });

  route(app, mediaApi.uploadCancel, async (request, reply) => {
    const upload = uploadOf(request.params, request.query.t);
    if (!upload) return tus(reply).code(404).send('not found');
    if (!upload.assetId) media.uploads.remove(upload.id);
    return tus(reply).code(204).send();
  });

  // The former static folder (/media/<course>/<file>) serves nothing any more.
  app.get('/media/*', async (_request, reply) => refuse(reply, 404));
}

/** The file name from `Upload-Metadata: filename <base64>, …`, or a neutral one. */
function uploadFileName(headers: Record<string, unknown>): string {
  const metadata = String(headers['upload-metadata'] ?? '');
  for (const pair of metadata.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if ((key === 'filename' || key === 'name') && value) return Buffer.from(value, 'base64').toString('utf8');
  }
  return 'upload.mp4';
}
