import type { FastifyInstance } from 'fastify';
import { commentsApi } from '@kezhan/contract/comments';
import { resolveJwtSecret } from '../../shared/auth/tokens';
import { memberIdOf } from '../../shared/auth/guard';
import { ok } from '../../shared/http/envelope';
import { route } from '../../shared/http/route';
import { CommentIds } from './comment-ids';
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
