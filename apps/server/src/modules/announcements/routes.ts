import type { FastifyInstance } from 'fastify';
import { announcementsApi } from '@kezhan/contract/announcements';
import { NO_DATA, ok } from '../../shared/http/envelope';
import { route } from '../../shared/http/route';
import { findAnnouncement, latestAnnouncement, listAnnouncements } from './announcements-service';

export default async function announcementRoutes(app: FastifyInstance) {
  const { db } = app.services;

  route(app, announcementsApi.latest, async () => ok((await latestAnnouncement(db)) ?? NO_DATA));

  route(app, announcementsApi.list, async (request) => {
    const { page, size } = request.query;
    return ok(await listAnnouncements(db, page, size));
  });

  route(app, announcementsApi.detail, async (request) => ok(await findAnnouncement(db, request.params.id)));
}
