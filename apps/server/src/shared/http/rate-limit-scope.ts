import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

const LIMITED_PATH = /^\/(api|addons)(\/|$)/;

/**
 * Whether a request counts against the per-IP limit: every API route, keyed on the route that
 * matched and never on the URL's spelling (`/%61pi/…` routes to `/api/…`), and every API or
 * add-on path we do not serve, so probing unknown paths is limited too. Pages and assets are not.
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
