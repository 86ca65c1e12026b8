import type { FastifyInstance } from 'fastify';
import { navigationApi } from '@kezhan/contract/navigation';
import { ok } from '../../shared/http/envelope';
import { route } from '../../shared/http/route';
import { listLinks, listNavs, listSliders } from './navigation-service';

/** Answered from the site content cache (shared/cache/answer-cache.ts): operators change them rarely. */
export default async function navigationRoutes(app: FastifyInstance) {
  const { db, siteContent } = app.services;
  route(app, navigationApi.navs, async (request) => {
    const { platform } = request.query;
    return ok(await siteContent.get(`navs:${platform}`, () => listNavs(db, platform)));
  });
  route(app, navigationApi.links, async () => ok(await siteContent.get('links', () => listLinks(db))));
  route(app, navigationApi.sliders, async (request) => {
    const { platform } = request.query;
    return ok(await siteContent.get(`sliders:${platform}`, () => listSliders(db, platform)));
  });
}
