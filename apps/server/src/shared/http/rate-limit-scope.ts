import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

const LIMITED_PATH = /^\/(api|addons)(\/|$)/;

/**
 * Whether a request counts against the per-IP limit: every API route, keyed on the route that
 * matched and never on the URL's spelling (`/%61pi/…` routes to `/api/…`), and every API or
 * add-on path we do not serve, so probing unknown paths is limited too. Assets are not; pages
 * have a budget of their own (`pageRateLimit`).
 */
export function countsAgainstRateLimit(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route?.startsWith('/api/')) return true;
  return LIMITED_PATH.test(decodedPath(request.url));
}

/**
 * The limiter for the not-found handler. A request that reached it through a route (the h5's
 * catch-all file route) was counted there already; one that matched nothing is counted here.
 */
export function limitUnroutedRequests(app: FastifyInstance): preHandlerAsyncHookHandler | undefined {
  if (!app.hasDecorator('rateLimit')) return undefined;
  const limit = app.rateLimit();
  return async function limitIfUnrouted(request, reply) {
    if (request.routeOptions.url !== undefined) return;
    await limit.call(this, request, reply);
  };
}

function decodedPath(url: string): string {
  const rawPath = url.split('?')[0];
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return rawPath;
  }
}

/**
 * The limit on the h5's pages. The server renders each page it sends from the database (the
 * config, and on the main pages the first screen's answers), so pages count too: per client IP, in
 * a budget of their own of the same size as the API's, so that loading pages never uses up the
 * API's. Resolves to whether this page may be sent; always true when limits are off.
 */
export function pageRateLimit(app: FastifyInstance): (request: FastifyRequest) => Promise<boolean> {
  if (!app.hasDecorator('createRateLimit')) return async () => true;
  const limiter = app.createRateLimit({ allowList: () => false });
  return async (request) => {
    const result = await limiter(request);
    return result.isAllowed || !result.isExceeded;
  };
}
