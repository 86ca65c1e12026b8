import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The console API's prefix: it answers no CORS at all (see installCors). */
const CONSOLE_API = '/api/admin';
const ALLOWED_METHODS = 'GET, POST, PUT, DELETE, OPTIONS';

/**
 * Cross-origin access: any site may call the member API and read the h5's answers (a member's
 * token travels in a header, never a cookie, so `*` without credentials is safe); the console API
 * is for the console served from this origin only, so it answers no CORS headers and no preflight.
 *
 * The policy is fixed, so it is one synchronous hook that sets one header: @fastify/cors with a
 * per-request delegator (the two policies) rebuilt and merged its options on every request, about
 * a tenth of what the cheapest API answer costs. Preflights behave as @fastify/cors answers them:
 * 204 with the methods and the requested headers, 400 `Invalid Preflight Request` without
 * `Origin` or `Access-Control-Request-Method`, before any other hook (rate limits, auth) runs.
 */
export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', function corsHeaders(request, reply, done) {
    if (request.url.startsWith(CONSOLE_API)) return done();
    reply.header('access-control-allow-origin', '*');
    if (request.method !== 'OPTIONS') return done();
    answerPreflight(request, reply);
  });
}

function answerPreflight(request: FastifyRequest, reply: FastifyReply): void {
  const { origin } = request.headers;
  if (!origin || !request.headers['access-control-request-method']) {
    reply.status(400).type('text/plain').send('Invalid Preflight Request');
    return;
  }
  reply.header('access-control-allow-methods', ALLOWED_METHODS);
  // The answer depends on the headers asked for: caches must keep one per set.
  const vary = reply.getHeader('vary');
  reply.header(
    'vary',
    vary ? `${String(vary)}, Access-Control-Request-Headers` : 'Access-Control-Request-Headers',
  );
  const requestedHeaders = request.headers['access-control-request-headers'];
  if (requestedHeaders !== undefined) reply.header('access-control-allow-headers', requestedHeaders);
  reply.status(204).header('content-length', '0').send();
}
