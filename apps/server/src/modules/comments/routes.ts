import type { FastifyInstance } from 'fastify';
import { COMMENT_MESSAGES, COMMENT_RESOURCE, commentsApi } from '@kezhan/contract/comments';
import { coursesApi } from '@kezhan/contract/courses';
import { resolveJwtSecret } from '../../shared/auth/tokens';
import { memberIdOf } from '../../shared/auth/guard';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { BusinessError } from '../../shared/http/errors';
import { route } from '../../shared/http/route';
import { CommentIds } from './comment-ids';
import { findCourseOnSale } from '../courses/catalogue';
import { findVisibleVideo } from '../courses/videos';
import { CommentsService } from './comments-service';

export default async function commentRoutes(app: FastifyInstance) {
  const comments = new CommentsService(app.services, new CommentIds(resolveJwtSecret(app.services.env)));

  route(app, commentsApi.list, async (request) => {
    const { rt, rid } = request.query;
    return ok(await comments.newest(rt, rid));
  });

  route(app, commentsApi.replies, async (request) => {
    const { rt, rid, parent_id: parentId } = request.query;
    return ok(await comments.replyList(rt, rid, parentId));
  });

  // The 2024 endpoints go through the same writer; only their wire answers stay as MeEdu's v2
  // gave them (an unknown course or video is 错误, a comment with no text left is 参数错误).
  const writeV2 = async (userId: number, rt: number, rid: number, content: string, ip: string) => {
    try {
      await comments.write({ userId, rt, rid, content, parentId: 0, replyId: 0, ip });
    } catch (error) {
      if (error instanceof BusinessError && error.message === COMMENT_MESSAGES.contentRequired)
        throw new BusinessError('参数错误');
      throw error;
    }
  };

  route(app, coursesApi.comment, async (request) => {
    const { db, now } = app.services;
    const course = await findCourseOnSale(db, request.params.id, now());
    await writeV2(memberIdOf(request), COMMENT_RESOURCE.course, course.id, request.body.content, request.ip);
    return ok(NO_DATA);
  });

  route(app, coursesApi.videoComment, async (request) => {
    const { db, now } = app.services;
    const { video } = await findVisibleVideo(db, request.params.id, now());
    await writeV2(memberIdOf(request), COMMENT_RESOURCE.video, video.id, request.body.content, request.ip);
    return ok(NO_DATA);
  });

  route(app, commentsApi.store, async (request) => {
    const body = request.body;
    return ok(
      await comments.store({
        userId: memberIdOf(request),
        rt: body.rt,
        rid: body.rid,
        content: body.content,
        parentId: body.parent_id,
        replyId: body.reply_id,
        ip: request.ip,
      }),
    );
  });
}
