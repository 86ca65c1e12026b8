import type { FastifyInstance } from 'fastify';
import { adminVideosApi } from '@kezhan/contract/admin/videos';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { audit } from './audit';
import { adminRoute } from './guard';
import { appendChunk, completeUpload, startUpload, uploadStatus } from './uploads';
import {
  chapterSnapshot,
  createChapter,
  createVideo,
  deleteChapter,
  updateChapter,
  updateVideo,
  videoMedia,
  videoSnapshot,
} from './video-admin';

export const UPLOAD_PIECES_PER_MINUTE = 1200;

/** Chapters, videos and resumable uploads of video sources (handed to the media pipeline). */
export default async function adminVideoRoutes(app: FastifyInstance) {
  const { services } = app;
  const { db, now } = services;
  // Upload pieces are streamed to disk by their handler, never buffered or parsed here.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null, undefined));

  adminRoute(app, adminVideosApi.createChapter, async (request) => {
    const id = await db.transaction().execute(async (trx) => {
      const created = await createChapter(trx, request.params.id, request.body, now());
      const after = await chapterSnapshot(trx, created);
      await audit(trx, request, {
        action: 'chapter.create',
        targetType: 'chapter',
        targetId: created,
        after,
      });
      return created;
    });
    return ok({ id });
  });

  adminRoute(app, adminVideosApi.updateChapter, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await chapterSnapshot(trx, id);
      await updateChapter(trx, id, request.body, now());
      const after = await chapterSnapshot(trx, id);
      await audit(trx, request, {
        action: 'chapter.update',
        targetType: 'chapter',
        targetId: id,
        before,
        after,
      });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminVideosApi.removeChapter, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await chapterSnapshot(trx, id);
      await deleteChapter(trx, id);
      await audit(trx, request, { action: 'chapter.delete', targetType: 'chapter', targetId: id, before });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminVideosApi.createVideo, async (request) => {
    const id = await db.transaction().execute(async (trx) => {
      const created = await createVideo(trx, request.params.id, request.body, now());
      const after = await videoSnapshot(trx, created);
      await audit(trx, request, { action: 'video.create', targetType: 'video', targetId: created, after });
      return created;
    });
    return ok({ id });
  });

  adminRoute(app, adminVideosApi.updateVideo, async (request) => {
    const { id } = request.params;
    await db.transaction().execute(async (trx) => {
      const before = await videoSnapshot(trx, id);
      await updateVideo(trx, id, request.body, now());
      const after = await videoSnapshot(trx, id);
      await audit(trx, request, { action: 'video.update', targetType: 'video', targetId: id, before, after });
    });
    return ok(NO_DATA);
  });

  adminRoute(app, adminVideosApi.media, async (request) =>
    ok(await videoMedia(db, request.params.id, services.now())),
  );

  adminRoute(app, adminVideosApi.startUpload, async (request) =>
    ok(await startUpload(services, request, request.params.id, request.body)),
  );

  adminRoute(app, adminVideosApi.uploadStatus, async (request) =>
    ok(await uploadStatus(services, request, request.params.upload_id)),
  );

  adminRoute(
    app,
    adminVideosApi.uploadChunk,
    async (request) =>
      ok(await appendChunk(services, request, request.params.upload_id, request.query.offset)),
    // A 2 GB source is 2,000 pieces: far more than the API's per-IP minute allows any other route.
    { config: { rateLimit: { max: UPLOAD_PIECES_PER_MINUTE } } },
  );

  adminRoute(app, adminVideosApi.completeUpload, async (request) => {
    const done = await completeUpload(services, request, request.params.upload_id);
    await audit(db, request, {
      action: 'video.upload',
      targetType: 'video',
      targetId: done.videoId,
      after: { source_name: done.name, size: done.size },
    });
    return ok(await videoMedia(db, done.videoId, services.now()));
  });
}
