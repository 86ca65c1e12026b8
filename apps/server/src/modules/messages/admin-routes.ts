import type { FastifyInstance } from 'fastify';
import { adminBroadcastAudienceApi, RECIPIENT_SEARCH_LIMIT } from '@kezhan/contract/admin/broadcasts';
import { ok } from '../../shared/http/envelope';
import { adminRoute } from '../admin/guard';
import { audienceSize, searchRecipients } from './broadcasts';

/** What the console's message form asks before sending: the member picker and the audience size. */
export default async function adminBroadcastAudienceRoutes(app: FastifyInstance) {
  const { db, now } = app.services;

  adminRoute(app, adminBroadcastAudienceApi.recipients, async (request) =>
    ok(await searchRecipients(db, request.query.keyword, RECIPIENT_SEARCH_LIMIT)),
  );

  adminRoute(app, adminBroadcastAudienceApi.audienceSize, async (request) =>
    ok({ total: await audienceSize(db, request.query, now()) }),
  );
}
