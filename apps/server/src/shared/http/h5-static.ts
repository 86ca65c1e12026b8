import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope';
import { h5SecurityHeaders } from './content-security';

const HASHED_ASSET = /\/assets\//;
const API_PATH = /^\/api(\/|$)/;

/**
 * Serves the built h5 (when present) beside the API: hashed assets cached for a year, the HTML
 * never cached, and every other non-API GET answered with index.html (history routing).
 */
export async function serveH5(
  app: FastifyInstance,
  distDir: string,
  allowedUrls: string[] = [],
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasH5 = fs.existsSync(indexFile);
  const securityHeaders = hasH5 ? h5SecurityHeaders(allowedUrls, fs.readFileSync(indexFile, 'utf8')) : {};
  if (hasH5) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: 'index.html',
      setHeaders(reply, filePath) {
        reply.headers(securityHeaders);
        reply.header(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0];
    if (!API_PATH.test(pathOnly) && hasH5 && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .headers(securityHeaders)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(fs.createReadStream(indexFile));
    }
    return reply.status(404).send(failure('接口不存在', 404));
  });
}
