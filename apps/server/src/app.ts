import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { AppServices } from './services';
import { installErrorHandler } from './shared/http/error-handler';
import { failure } from './shared/http/envelope';
import { serveH5 } from './shared/http/h5-static';
import { RedisStore } from './shared/store/redis-store';
import { API_MODULES } from './modules/registry';

export interface BuildAppOptions {
  /** Serve the built h5 from `env.h5DistDir` (the real server does; API tests need not). */
  serveH5?: boolean;
  logger?: boolean;
}

/** Assembles one API node: framework plugins, then the feature modules, then the h5. */
export async function buildApp(
  services: AppServices,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { env } = services;
  const app = Fastify({
    logger: options.logger === false ? false : { level: env.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: env.trustProxy,
    // Malformed URLs (bad percent-encoding, over-long ids) fail before routing: answer them too.
    frameworkErrors: (_error, _request, reply) =>
      void (reply as FastifyReply).status(200).send(failure('参数错误')),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
  });
  app.decorate('services', services);
  app.decorate('checkResponses', !env.isProduction);
  app.decorateRequest('member', null);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  installErrorHandler(app);
  await app.register(cors, {
    origin: '*',
    credentials: false,
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  });
  if (env.rateLimitPerMinute > 0) {
    await app.register(rateLimit, {
      global: true,
      max: env.rateLimitPerMinute,
      timeWindow: 60_000,
      redis: services.store instanceof RedisStore ? services.store.redis : undefined,
      nameSpace: `${services.store instanceof RedisStore ? services.store.prefix : ''}rate-limit:`,
      allowList: (request) => !request.url.startsWith('/api/'),
    });
  }

  for (const module of API_MODULES) await app.register(module);
  await serveH5(app, options.serveH5 ? env.h5DistDir : '');
  return app;
}
