import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import type { AppServices } from './services';
import type { TrustProxy } from './config/env';
import { installErrorHandler } from './shared/http/error-handler';
import { installInputGuard } from './shared/http/input-guard';
import { installCors } from './shared/http/cors';
import { COMPRESSION_THRESHOLD_BYTES } from './shared/http/prepared-answer';
import { failure } from './shared/http/envelope';
import { serveH5 } from './shared/http/h5-static';
import { publicAnswerOf } from './shared/http/page-boot-answers';
import { cspAllowedUrls } from './shared/http/content-security';
import { lazyChildLogger, loggerOptions, RequestLogController } from './shared/http/logging';
import { ReadableLog } from './shared/http/readable-log';
import { closesConnection, connectionOptions } from './shared/http/connection';
import { RedisStore } from './shared/store/redis-store';
import { installRateLimits } from './shared/http/rate-limit-scope';
import { memberOfBearerToken } from './shared/auth/guard';
import { API_MODULES } from './modules/registry';
import { serveConsole } from './modules/admin/console-static';
import { consoleSessionKey } from './modules/admin/guard';

/**
 * Fastify's own hop-count option trusts nobody (it cannot check the peer), so a hop count becomes
 * "trust the n nearest hops": the node must then be reachable only through those proxies.
 */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export interface BuildAppOptions {
  /**
   * Serve the built h5 from `env.h5DistDir` and the operator console from `env.adminDistDir` at
   * /admin (the real server does; API tests need not).
   */
  serveH5?: boolean;
  logger?: boolean;
  /** Write the JSON log lines here instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/** Assembles one API node: framework plugins, then the feature modules, then the h5. */
export async function buildApp(
  services: AppServices,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { env } = services;
  const logging = options.logger !== false || options.logStream !== undefined;
  const app = Fastify({
    logger: logging ? loggerOptions(env.logLevel, options.logStream) : false,
    ...(logging
      ? {
          childLoggerFactory: lazyChildLogger,
          logController: new RequestLogController({
            everyRequest: !env.isProduction,
            readable: options.logStream instanceof ReadableLog ? options.logStream : undefined,
          }),
        }
      : { disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    ...connectionOptions(env.requestTimeoutSeconds),
    trustProxy: trustProxyOption(env.trustProxy),
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
    if (closesConnection(request.raw.socket)) reply.header('connection', 'close');
    done();
  });

  installErrorHandler(app);
  installInputGuard(app);
  installCors(app);
  // Answers above 1 KB go out brotli- or gzip-compressed when the client accepts it; the h5's files
  // are precompressed at build time and pass through as they are. Request bodies are never inflated.
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  if (env.rateLimits) {
    installRateLimits(app, {
      budgets: env.rateLimits,
      shared: services.store instanceof RedisStore ? services.store : undefined,
      memberOf: (request) => memberOfBearerToken(request, services.tokens),
      consoleSessionOf: consoleSessionKey,
      now: () => services.now().getTime(),
    });
  }

  for (const module of API_MODULES) await app.register(module);
  if (options.serveH5) await serveConsole(app, env.adminDistDir);
  await serveH5(app, options.serveH5 ? env.h5DistDir : '', {
    publicAnswer: publicAnswerOf(app),
    allowedUrls: cspAllowedUrls(env),
  });
  return app;
}
