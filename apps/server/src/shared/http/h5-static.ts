import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope';
import { RATE_LIMITED_MESSAGE } from './error-handler';
import { h5SecurityHeaders } from './content-security';
import { createH5PageRenderer, type PublicAnswer } from './h5-page';
import { limitUnroutedRequests, pageRateLimit } from './rate-limit-scope';

const HASHED_ASSET = /\/assets\//;
/** Paths that are never pages of the h5: unknown ones answer the JSON 404, not index.html. */
const NOT_A_PAGE = /^\/(api|addons|media|demo)(\/|$)/;

export interface ServeH5Options {
  /**
   * Where the answers inlined into each page come from (see h5-page.ts); without it index.html is
   * sent as built.
   */
  publicAnswer?: PublicAnswer;
  /** Origins the Content-Security-Policy allows besides our own (see content-security.ts). */
  allowedUrls?: string[];
}

/**
 * Serves the built h5 (when present) beside the API: the build's precompressed `.br`/`.gz` files
 * when the browser accepts them, hashed assets cached for a year, and every GET that is not an API
 * path answered with the h5's page (history routing), revalidated on every load. Everything the h5
 * serves carries its security headers.
 */
export async function serveH5(
  app: FastifyInstance,
  distDir: string,
  { publicAnswer, allowedUrls = [] }: ServeH5Options = {},
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasH5 = fs.existsSync(indexFile);
  const securityHeaders = hasH5 ? h5SecurityHeaders(allowedUrls, fs.readFileSync(indexFile, 'utf8')) : {};
  const renderPage =
    hasH5 && publicAnswer
      ? createH5PageRenderer(distDir, publicAnswer, (error) =>
          app.log.error({ err: error }, 'h5 first screen not drawn'),
        )
      : null;
  const pageAllowed = pageRateLimit(app);
  const sendPage = async (request: FastifyRequest, pathname: string, reply: FastifyReply) => {
    if (!renderPage) return reply.sendFile('index.html');
    if (!(await pageAllowed(request))) return reply.status(429).send(failure(RATE_LIMITED_MESSAGE, 429));
    return reply
      .headers(securityHeaders)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await renderPage(pathname, searchOf(request.url)));
  };
  if (hasH5) {
    app.get('/', (request, reply) => sendPage(request, '/', reply));
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.headers(securityHeaders);
        reply.header(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler({ preHandler: limitUnroutedRequests(app) }, (request, reply) => {
    const pathOnly = request.url.split('?')[0];
    if (!NOT_A_PAGE.test(pathOnly) && hasH5 && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendPage(request, pathOnly, reply);
    }
    return reply.status(404).send(failure('接口不存在', 404));
  });
}

function searchOf(url: string): string {
  const start = url.indexOf('?');
  return start < 0 ? '' : url.slice(start + 1);
}
