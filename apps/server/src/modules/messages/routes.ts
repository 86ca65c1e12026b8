import type { FastifyInstance } from 'fastify';
import { messagesApi } from '@kezhan/contract/messages';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { route } from '../../shared/http/route';
import { memberIdOf } from '../../shared/auth/guard';
import { countUnreadMessages, listMessages, markAllMessagesRead, markMessageRead } from './messages-service';

/** The member's inbox. */
export default async function messagesRoutes(app: FastifyInstance) {
  const { db, now } = app.services;

  route(app, messagesApi.list, async (request) => {
    const query = request.query;
    return ok(await listMessages(db, memberIdOf(request), query.page, query.page_size));
  });

  route(app, messagesApi.markRead, async (request) => {
    await markMessageRead(db, memberIdOf(request), request.params.id, now());
    return ok(NO_DATA);
  });

  route(app, messagesApi.markAllRead, async (request) => {
    await markAllMessagesRead(db, memberIdOf(request), now());
    return ok(NO_DATA);
  });

  route(app, messagesApi.unreadCount, async (request) => {
    return ok(await countUnreadMessages(db, memberIdOf(request)));
  });
}
