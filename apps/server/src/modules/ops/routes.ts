import fp from 'fastify-plugin';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import { opsApi } from '@kezhan/contract/config';
import { route } from '../../shared/http/route';
import { checkReadiness } from './health';
import { buildOpenApiDocument } from './openapi';
import { renderDocsPage } from './docs-page';

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the ops plugin (it comes first): what /api/docs must cover. */
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * Operating endpoints and the hooks behind them. Wrapped with fastify-plugin so its hooks sit
 * on the root instance and see every route of every module registered after it.
 */
async function opsPlugin(app: FastifyInstance) {
  const { metrics } = app.services;
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    // Each route counts its own answers under its pattern (`/api/v2/course/:id`, never the raw
    // URL, so the label set stays small), with a recorder resolved here rather than per request.
    const record = metrics.requestRecorder(route.url);
    const countAnswer: onResponseHookHandler = (request, reply, done) => {
      record(request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), countAnswer];
  });
  // Requests no route took (and routes that passed them to the not-found answer) count as one.
  // Callback hooks, not async ones: they run on every request, and the promise would cost.
  const unmatched = metrics.requestRecorder('unmatched');
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  route(app, opsApi.health, async () => ({ status: 'ok' }));

  route(app, opsApi.ready, async (_request, reply) => {
    const readiness = await checkReadiness(app.services);
    return reply
      .status(readiness.ready ? 200 : 503)
      .send({ status: readiness.ready ? 'ok' : 'unavailable', checks: readiness.checks });
  });

  route(app, opsApi.metrics, async (_request, reply) => {
    const { contentType, body } = await metrics.render();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });

  let openApiText: string | undefined;
  const openApi = () =>
    (openApiText ??= JSON.stringify(
      buildOpenApiDocument(app.services.env.appUrl, {
        isRegistered: (endpoint) => app.hasRoute({ method: endpoint.method, url: endpoint.path }),
      }),
    ));

  route(app, opsApi.openApi, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(openApi()),
  );

  route(app, opsApi.docs, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderDocsPage(openApi())),
  );
}

export default fp(opsPlugin, { name: 'kezhan-ops' });
