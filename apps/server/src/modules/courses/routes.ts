import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { coursesApi } from '@kezhan/contract/courses';
import { PUBLIC_DIR } from '../../config/app-folders';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { AuthenticationError, BusinessError, INVALID_PARAMS_MESSAGE } from '../../shared/http/errors';
import { route } from '../../shared/http/route';
import { memberIdOf } from '../../shared/auth/guard';
import {
  ATTACHMENT_TICKET,
  type AttachmentDownload,
  attachmentDownloadUrl,
  contentDisposition,
  prepareAttachmentDownload,
} from './attachments';
import { redeemNavigationTicket } from '../../shared/auth/navigation-tickets';
import { cachedDecorationBlocks, cachedViewBlocks } from './blocks';
import {
  findCourseOnSale,
  listCategories,
  listCourses,
  loadCourseDetail,
  toggleCourseLike,
} from './catalogue';
import { COMMENT_ON, listComments } from './comments';
import { recordProgress } from './progress';
import { pcApi } from '@kezhan/contract/pc';
import { listLearnedVideos } from './learned-videos';
import { search } from './search';
import { listBoughtCourses, listLearnedCourses, listLikedCourses } from './study';
import { findVisibleVideo, loadPlayInfo, loadVideoDetail } from './videos';

const HASHED_IMAGE = /-[0-9a-f]{8}\.\d+x\d+\.(jpg|png|w\d+\.webp)$/;

const guestOrMember = (request: FastifyRequest) => request.member?.id ?? null;

export default async function courseRoutes(app: FastifyInstance) {
  const { db, env, settings, store } = app.services;
  const now = () => app.services.now();
  const appUrl = env.appUrl;

  const staticFolders = [
    { root: path.join(PUBLIC_DIR, 'demo'), prefix: '/demo/' },
    { root: path.join(PUBLIC_DIR, 'images'), prefix: '/images/' },
  ];
  for (const { root, prefix } of staticFolders) {
    if (!fs.existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      index: false,
      maxAge: '1d',
      // Sized demo images carry a hash of their content in the name: they never change.
      setHeaders: (reply: { header(name: string, value: string): unknown }, file: string) => {
        if (HASHED_IMAGE.test(file)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  // Courses
  route(app, coursesApi.categories, async () => ok(await listCategories(db)));

  route(app, coursesApi.list, async (request) => {
    const query = request.query;
    return ok(
      await listCourses(db, now(), {
        page: query.page,
        pageSize: query.page_size,
        categoryId: query.category_id,
        scene: query.scene,
      }),
    );
  });

  route(app, coursesApi.detail, async (request) =>
    ok(await loadCourseDetail(db, now(), request.params.id, guestOrMember(request))),
  );

  route(app, coursesApi.comments, async (request) => {
    const course = await findCourseOnSale(db, request.params.id, now());
    return ok(await listComments(db, COMMENT_ON.course, course.id));
  });

  route(app, coursesApi.like, async (request) =>
    ok(await toggleCourseLike(db, memberIdOf(request), request.params.id, now())),
  );

  route(app, coursesApi.attachmentAddress, async (request) =>
    ok(
      await attachmentDownloadUrl(
        app.services,
        request.params.courseId,
        request.params.id,
        memberIdOf(request),
      ),
    ),
  );

  const sendAttachment = (reply: FastifyReply, target: AttachmentDownload) => {
    if (target.kind === 'redirect') return reply.redirect(target.url, 302);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', target.size)
      .header('content-disposition', contentDisposition(target.name))
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(target.file));
  };

  type AttachmentTicket = { userId: number; attachmentId: number };

  // A browser navigation: the member comes from a single-use `ticket` (or, for MeEdu clients, `token`).
  route(app, coursesApi.attachmentDownload, async (request, reply) => {
    const attachmentId = request.params.id;
    const ticket = request.query.ticket;
    const issued = ticket
      ? await redeemNavigationTicket<AttachmentTicket>(store, ATTACHMENT_TICKET, ticket)
      : null;
    const userId = issued?.attachmentId === attachmentId ? issued.userId : request.member?.id;
    if (!userId) throw new AuthenticationError();
    return sendAttachment(
      reply,
      await prepareAttachmentDownload(db, env.dataDir, attachmentId, userId, now()),
    );
  });

  // The download address of the v3 endpoint: the ticket is spent first, then access is checked again.
  route(app, coursesApi.signedAttachmentDownload, async (request, reply) => {
    const issued = await redeemNavigationTicket<AttachmentTicket>(
      store,
      ATTACHMENT_TICKET,
      request.query.sign,
    );
    if (!issued) throw new BusinessError(INVALID_PARAMS_MESSAGE);
    const target = await prepareAttachmentDownload(
      db,
      env.dataDir,
      issued.attachmentId,
      issued.userId,
      now(),
    );
    return sendAttachment(reply, target);
  });

  // Videos
  route(app, coursesApi.video, async (request) =>
    ok(await loadVideoDetail(db, appUrl, now(), request.params.id, guestOrMember(request))),
  );

  route(app, coursesApi.playInfo, async (request) => {
    const trialRequested = Object.hasOwn(request.query, 'is_try');
    return ok(
      await loadPlayInfo(
        db,
        appUrl,
        now(),
        request.params.id,
        { id: memberIdOf(request), loginId: request.member!.loginId },
        trialRequested,
        {
          // A lesson in the school's cloud VOD library plays from there; any other from its asset.
          playUrls: async (video, viewer, scope, base, trialSeconds) =>
            (await app.services.vod.playUrls(video, viewer, scope, base, trialSeconds, request.log)) ??
            app.services.media.playUrls(video, viewer, scope, base, trialSeconds),
        },
      ),
    );
  });

  route(app, coursesApi.record, async (request) => {
    const videoId = request.params.id;
    const { duration } = request.body;
    const snapshot = await settings.snapshot();
    await recordProgress(db, {
      userId: memberIdOf(request),
      videoId,
      position: duration,
      now: now(),
      rewards: {
        watchedVideo: snapshot.int('credit1_reward.watched_video'),
        watchedCourse: snapshot.int('credit1_reward.watched_vod_course'),
      },
    });
    return ok(NO_DATA);
  });

  route(app, coursesApi.videoComments, async (request) => {
    const { video } = await findVisibleVideo(db, request.params.id, now());
    return ok(await listComments(db, COMMENT_ON.video, video.id));
  });

  // Study lists
  route(app, coursesApi.boughtCourses, async (request) =>
    ok(await listBoughtCourses(db, memberIdOf(request), request.query)),
  );
  route(app, coursesApi.likedCourses, async (request) =>
    ok(await listLikedCourses(db, memberIdOf(request), request.query)),
  );
  route(app, coursesApi.learnedCourses, async (request) =>
    ok(await listLearnedCourses(db, memberIdOf(request), request.query)),
  );

  route(app, pcApi.learnedCourse, async (request) =>
    ok(await listLearnedVideos(db, memberIdOf(request), request.params.courseId, now())),
  );

  // Search
  route(app, coursesApi.search, async (request) => {
    const query = request.query;
    return ok(await search(db, now(), query));
  });

  // Home blocks (and the later MeEdu path, which has no `platform`)
  route(app, coursesApi.viewBlocks, async (request) => {
    const query = request.query;
    return ok(await cachedViewBlocks(app.services, query.platform, query.page_name));
  });
  route(app, coursesApi.decorationBlocks, async (request) =>
    ok(await cachedDecorationBlocks(app.services, request.query.page_name)),
  );
}
