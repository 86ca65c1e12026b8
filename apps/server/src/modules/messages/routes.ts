import type { FastifyInstance } from 'fastify';
import { messagesQuery } from '@kezhan/contract/messages';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { parseId, validate } from '../../shared/http/validate';
import { memberIdOf, requireMember } from '../../shared/auth/guard';
import { countUnreadMessages, listMessages, markAllMessagesRead, markMessageRead } from './messages-service';

/** The member's inbox (api-contract §10). */
export default async function messagesRoutes(app: FastifyInstance) {
  const { db, now } = app.services;
  const member = { preHandler: requireMember };

  app.get('/api/v2/member/messages', member, async (request) => {
    const query = validate(messagesQuery, request.query);
    return ok(await listMessages(db, memberIdOf(request), query.page, query.page_size));
  });

  app.get<{ Params: { id: string } }>(
    '/api/v2/member/notificationMarkAsRead/:id',
    member,
    async (request) => {
      await markMessageRead(db, memberIdOf(request), parseId(request.params.id), now());
      return ok(NO_DATA);
    },
  );

  app.get('/api/v2/member/notificationMarkAllAsRead', member, async (request) => {
    await markAllMessagesRead(db, memberIdOf(request), now());
    return ok(NO_DATA);
  });

  app.get('/api/v2/member/unreadNotificationCount', member, async (request) => {
    return ok(await countUnreadMessages(db, memberIdOf(request)));
  });
}
