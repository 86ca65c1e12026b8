import type { FastifyInstance } from 'fastify';
import { navigationApi } from '@kezhan/contract/navigation';
import { ok } from '../../shared/http/envelope';
import { route } from '../../shared/http/route';
import { listLinks, listNavs, listSliders } from './navigation-service';

export default async function navigationRoutes(app: FastifyInstance) {
  const { db } = app.services;
  route(app, navigationApi.navs, async (request) => ok(await listNavs(db, request.query.platform)));
  route(app, navigationApi.links, async () => ok(await listLinks(db)));
  route(app, navigationApi.sliders, async (request) => ok(await listSliders(db, request.query.platform)));
}
