import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { mediaApi } from '@kezhan/contract/media';
import { route } from '../../shared/http/route';

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
 * a signed grant `?t=` for one member, one video and one scope (full / trial). Playlists and the
 * key re-check the member's entitlement on each request and are never cached; segments are
 * AES-128 encrypted, so they only check the signature and may be cached by a CDN.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  const { media } = app.services;

  const grantOf = (params: { videoId: string; scope: string }, token: string | undefined) => {
    if (!/^\d{1,9}$/.test(params.videoId) || Number(params.videoId) < 1) return null;
    return media.verify(Number(params.videoId), params.scope, token);
  };

  route(app, mediaApi.master, async (request, reply) => {
    const grant = grantOf(request.params, request.query.t);
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

  // The former static folder (/media/<course>/<file>) serves nothing any more.
  app.get('/media/*', async (_request, reply) => refuse(reply, 404));
}
