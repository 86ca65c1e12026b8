import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The console's pages run only our own scripts, talk only to our own API, and are never framed
 * (clickjacking). antd writes its styles at run time, hence inline styles.
 */
export const CONSOLE_SECURITY_HEADERS = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

/**
 * Serves the built console (apps/admin/dist) at /admin: hashed assets (precompressed, cached a
 * year) and, for every other path under /admin, its index.html (history routing), never cached.
 * Nothing is served when the console has not been built.
 */
export async function serveConsole(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply
      .headers(CONSOLE_SECURITY_HEADERS)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    wildcard: false,
    preCompressed: true,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('x-content-type-options', 'nosniff');
    },
  });
  app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
  app.get('/admin/', sendIndex);
  app.get('/admin/*', (request, reply) => {
    if (request.url.startsWith('/admin/assets/')) return reply.status(404).send('Not Found');
    return sendIndex(request, reply);
  });
}
