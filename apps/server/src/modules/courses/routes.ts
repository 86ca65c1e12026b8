import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  commentBody,
  courseListQuery,
  searchQuery,
  studyListQuery,
  videoRecordBody,
  viewBlocksQuery,
} from '@kezhan/contract/courses';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { AuthenticationError, BusinessError } from '../../shared/http/errors';
import { parseId, validate } from '../../shared/http/validate';
import { memberIdOf, optionalMember, requireMember } from '../../shared/auth/guard';
import { accessToCourse } from './access';
import {
  ATTACHMENT_TICKET,
  attachmentDownloadUrl,
  contentDisposition,
  prepareAttachmentDownload,
} from './attachments';
import { redeemNavigationTicket } from '../../shared/auth/navigation-tickets';
import { loadViewBlocks } from './blocks';
import {
  findCourseOnSale,
  listCategories,
  listCourses,
  loadCourseDetail,
  toggleCourseLike,
} from './catalogue';
import { addComment, COMMENT_ON, listComments } from './comments';
import { recordProgress } from './progress';
import { search } from './search';
import { listBoughtCourses, listLearnedCourses, listLikedCourses } from './study';
import { findVisibleVideo, loadPlayInfo, loadVideoDetail, videoAccessOf } from './videos';

/** Demo media and the site's own images: apps/server/public/{demo,images}. */
export const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../public');
const NO_PERMISSION = '无权限';

const idParam = (request: FastifyRequest) => parseId((request.params as { id?: unknown }).id);
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
    await app.register(fastifyStatic, { root, prefix, decorateReply: false, index: false, maxAge: '1d' });
  }

  // §7.1 – §7.6 courses
  app.get('/api/v2/course_categories', async () => ok(await listCategories(db)));

  app.get('/api/v2/courses', async (request) => {
    const query = validate(courseListQuery, request.query);
    return ok(
      await listCourses(db, appUrl, now(), {
        page: query.page,
        pageSize: query.page_size,
        categoryId: query.category_id,
        scene: query.scene,
      }),
    );
  });

  app.get('/api/v2/course/:id', { preHandler: optionalMember }, async (request) =>
    ok(await loadCourseDetail(db, appUrl, now(), idParam(request), guestOrMember(request))),
  );

  app.get('/api/v2/course/:id/comments', async (request) => {
    const course = await findCourseOnSale(db, idParam(request), now());
    return ok(await listComments(db, appUrl, COMMENT_ON.course, course.id));
  });

  app.post('/api/v2/course/:id/comment', { preHandler: requireMember }, async (request) => {
    const courseId = idParam(request);
    const { content } = validate(commentBody, request.body);
    const userId = memberIdOf(request);
    const course = await findCourseOnSale(db, courseId, now());
    if (!(await accessToCourse(db, userId, course, now())).canSee) throw new BusinessError(NO_PERMISSION);
    await addComment(db, {
      rt: COMMENT_ON.course,
      rid: courseId,
      userId,
      content,
      ip: request.ip,
      now: now(),
    });
    return ok(NO_DATA);
  });

  app.get('/api/v2/course/:id/like', { preHandler: requireMember }, async (request) =>
    ok(await toggleCourseLike(db, memberIdOf(request), idParam(request), now())),
  );

  app.get<{ Params: { courseId: string; id: string } }>(
    '/api/v3/course/:courseId/attach/:id',
    { preHandler: requireMember },
    async (request) =>
      ok(
        await attachmentDownloadUrl(
          app.services,
          parseId(request.params.courseId),
          parseId(request.params.id),
          memberIdOf(request),
        ),
      ),
  );

  // A browser navigation: the member comes from a single-use `ticket` (or, for MeEdu clients, `token`).
  app.get('/api/v2/course/attach/:id/download', { preHandler: optionalMember }, async (request, reply) => {
    const attachmentId = idParam(request);
    const ticket = (request.query as { ticket?: string }).ticket;
    const issued = ticket
      ? await redeemNavigationTicket<{ userId: number; attachmentId: number }>(
          store,
          ATTACHMENT_TICKET,
          ticket,
        )
      : null;
    const userId = issued?.attachmentId === attachmentId ? issued.userId : request.member?.id;
    if (!userId) throw new AuthenticationError();
    const target = await prepareAttachmentDownload(db, env.dataDir, attachmentId, userId, now());
    if (target.kind === 'redirect') return reply.redirect(target.url, 302);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', target.size)
      .header('content-disposition', contentDisposition(target.name))
      .header('cache-control', 'private, no-store')
      .send(fs.createReadStream(target.file));
  });

  // §7.7 – §7.10 videos
  app.get('/api/v2/video/:id', { preHandler: optionalMember }, async (request) =>
    ok(await loadVideoDetail(db, appUrl, now(), idParam(request), guestOrMember(request))),
  );

  app.get('/api/v2/video/:id/playinfo', { preHandler: requireMember }, async (request) => {
    const trialRequested = Object.hasOwn((request.query as object) ?? {}, 'is_try');
    return ok(
      await loadPlayInfo(
        db,
        appUrl,
        now(),
        idParam(request),
        memberIdOf(request),
        trialRequested,
        app.services.media,
      ),
    );
  });

  app.post('/api/v2/video/:id/record', { preHandler: requireMember }, async (request) => {
    const videoId = idParam(request);
    const { duration } = validate(videoRecordBody, request.body);
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

  app.get('/api/v2/video/:id/comments', async (request) => {
    const { video } = await findVisibleVideo(db, idParam(request), now());
    return ok(await listComments(db, appUrl, COMMENT_ON.video, video.id));
  });

  app.post('/api/v2/video/:id/comment', { preHandler: requireMember }, async (request) => {
    const videoId = idParam(request);
    const { content } = validate(commentBody, request.body);
    const userId = memberIdOf(request);
    const { video, course } = await findVisibleVideo(db, videoId, now());
    if ((await videoAccessOf(db, userId, video, course, now())).kind !== 'full') {
      throw new BusinessError(NO_PERMISSION);
    }
    await addComment(db, { rt: COMMENT_ON.video, rid: videoId, userId, content, ip: request.ip, now: now() });
    return ok(NO_DATA);
  });

  // §8 study lists
  const studyLists = {
    '/api/v3/member/courses': listBoughtCourses,
    '/api/v3/member/courses/like': listLikedCourses,
    '/api/v3/member/courses/learned': listLearnedCourses,
  };
  for (const [url, list] of Object.entries(studyLists)) {
    app.get(url, { preHandler: requireMember }, async (request) => {
      const { page, size } = validate(studyListQuery, request.query);
      return ok(await list(db, appUrl, memberIdOf(request), { page, size }));
    });
  }

  // §11 search
  app.get('/api/v3/search', async (request) => {
    const query = validate(searchQuery, request.query);
    return ok(await search(db, appUrl, now(), query));
  });

  // §14 home blocks (and the later MeEdu path, which has no `platform`)
  app.get('/api/v2/viewBlock/page/blocks', async (request) => {
    const query = validate(viewBlocksQuery, request.query);
    return ok(await loadViewBlocks(db, appUrl, now(), query.platform, query.page_name));
  });
  app.get('/api/v2/decorationPage/blocks', async (request) => {
    const query = validate(viewBlocksQuery, { platform: 'h5', ...(request.query as object) });
    return ok(await loadViewBlocks(db, appUrl, now(), query.platform, query.page_name));
  });
}
