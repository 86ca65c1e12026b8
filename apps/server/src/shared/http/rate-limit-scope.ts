import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import type { RateBudgets } from '../../config/env';
import { StoreUnavailableError, type EphemeralStore } from '../store/ephemeral-store';
import { RATE_LIMITED_MESSAGE } from './error-handler';
import { isPageBootRequest } from './page-boot-answers';

/** The cheap answers every page load (h5, MeEdu PC) asks for first: cached, and counted only against a large budget. */
const BOOT_ROUTES = new Set([
  '/api/v2/other/config',
  '/api/v2/navs',
  '/api/v2/links',
  '/api/v2/sliders',
  '/api/v2/viewBlock/page/blocks',
  '/api/v2/decorationPage/blocks',
]);

/** Password and code logins and registrations: strict per address (each also backs off per mobile). */
const LOGIN_ROUTES = new Set([
  '/api/v2/login/password',
  '/api/v2/login/mobile',
  '/api/v2/register/sms',
  '/api/v2/password/reset',
  '/api/admin/login',
]);

const MINUTE = 60_000;
const LIMITED_PATH = /^\/(api|addons)(\/|$)/;

/**
 * Counts of the current minute, in this process. Keys are the address string or the member id as
 * they are (no key is built per request); the whole table is dropped when the minute turns.
 */
class MinuteCounts {
  private window = -1;
  private readonly counts = new Map<string | number, number>();

  add(key: string | number, minute: number): number {
    if (minute !== this.window) {
      this.counts.clear();
      this.window = minute;
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count;
  }
}

/** A budget: counted in this process, or — for budgets several nodes share — in the shared store. */
class Budget {
  private readonly local = new MinuteCounts();

  constructor(
    readonly name: string,
    readonly max: number,
    private readonly shared: EphemeralStore | undefined,
  ) {}

  /** The request's count in this minute: a number now, or a promise when the store is shared. */
  count(key: string | number, now: number): number | Promise<number> {
    const minute = Math.floor(now / MINUTE);
    if (!this.shared) return this.local.add(key, minute);
    // Redis down or restarting: each node counts on its own meanwhile (limits stay, a little looser).
    return this.shared.increment(`rate:${this.name}:${key}:${minute}`, 60).catch((error: unknown) => {
      if (error instanceof StoreUnavailableError) return this.local.add(key, minute);
      throw error;
    });
  }
}

interface RateLimitOptions {
  budgets: RateBudgets;
  /** The store several nodes share (Redis), or none: every budget is counted in this process. */
  shared?: EphemeralStore;
  /** The member id of a request's valid token, or null (the token's signature and expiry only). */
  memberOf: (request: FastifyRequest) => number | null;
  /**
   * The id of a console request's live administrator session; null (at once, or once looked up)
   * when it has none. Without it every console request counts per address.
   */
  consoleSessionOf?: (request: FastifyRequest) => Promise<string | null> | null;
  now: () => number;
}

/** A route's own limit (`config.rateLimit`): `false` for none, or `max` requests per minute per address, its own budget. */
type RouteRateLimit = false | { max: number };

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
  interface FastifyInstance {
    /** Counts a request against the anonymous-or-member budget of an API path that matched no route. */
    limitApiRequest?: onRequestHookHandler;
    /** Whether a page the server renders may be sent to this client (pages count per address). */
    pageAllowed?: (request: FastifyRequest) => Promise<boolean>;
  }
}

class RateLimitedError extends Error {
  readonly statusCode = 429;
  constructor() {
    super(RATE_LIMITED_MESSAGE);
  }
}

const secondsLeft = (now: number) => Math.ceil((MINUTE - (now % MINUTE)) / 1000);

/**
 * The rate limits of an API node: every route registered after this counts its requests against
 * the budget it belongs to (see RateBudgets), or against its own `config.rateLimit`. Budgets of
 * boot answers and media are counted on each node (their answers are cheap and fast, and a shared
 * count would cost more than they do); the others in the shared store when there is one, so nodes
 * behind one load balancer refuse together. A refused request is answered `{code: 429}` with
 * `Retry-After`.
 */
export function installRateLimits(app: FastifyInstance, options: RateLimitOptions): void {
  const { budgets, shared, memberOf, consoleSessionOf, now } = options;
  const budget = (name: keyof RateBudgets | string, max: number, local = false) =>
    new Budget(name, max, local ? undefined : shared);
  const anonymous = budget('anonymous', budgets.anonymous);
  const member = budget('member', budgets.member);
  // The console: per administrator session when signed in, else per address (the login page).
  const consoleSession = budget('console', budgets.console);
  const consoleAddress = budget('console-address', budgets.console);
  const boot = budget('boot', budgets.boot, true);
  const media = budget('media', budgets.media, true);
  const login = budget('login', budgets.login);
  const pages = budget('pages', budgets.anonymous);
  // A route's own budget is keyed by its path, so its HEAD and GET share one.
  const routeBudgets = new Map<string, Budget>();

  const check = (
    counted: number | Promise<number>,
    max: number,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ) => {
    if (typeof counted === 'number') return done(refusal(counted, max, reply));
    counted.then((count) => done(refusal(count, max, reply)), done);
  };
  const refusal = (count: number, max: number, reply: FastifyReply) => {
    if (count <= max) return undefined;
    reply.header('retry-after', secondsLeft(now()));
    return new RateLimitedError();
  };
  const perAddress =
    (target: Budget): onRequestHookHandler =>
    (request, reply, done) =>
      check(target.count(request.ip, now()), target.max, reply, done);
  const perClient: onRequestHookHandler = (request, reply, done) => {
    const id = memberOf(request);
    if (id === null) check(anonymous.count(request.ip, now()), anonymous.max, reply, done);
    else check(member.count(id, now()), member.max, reply, done);
  };

  const perConsoleClient: onRequestHookHandler = (request, reply, done) => {
    const session = consoleSessionOf?.(request) ?? null;
    if (session === null)
      return check(consoleAddress.count(request.ip, now()), consoleAddress.max, reply, done);
    session.then((id) => {
      if (id === null) check(consoleAddress.count(request.ip, now()), consoleAddress.max, reply, done);
      else check(consoleSession.count(id, now()), consoleSession.max, reply, done);
    }, done);
  };

  app.decorate('limitApiRequest', perClient);
  app.decorate('pageAllowed', async (request: FastifyRequest) => {
    const counted = await pages.count(request.ip, now());
    return counted <= pages.max;
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const limit = route.config?.rateLimit;
    if (limit === false) return;
    let hook: onRequestHookHandler | undefined;
    if (limit) {
      let own = routeBudgets.get(route.url);
      if (!own) routeBudgets.set(route.url, (own = budget(`route:${route.url}`, limit.max)));
      hook = perAddress(own);
    } else if (BOOT_ROUTES.has(route.url)) hook = perAddress(boot);
    else if (LOGIN_ROUTES.has(route.url)) hook = perAddress(login);
    else if (route.url.startsWith('/media/')) hook = perAddress(media);
    else if (route.url.startsWith('/api/admin/')) hook = perConsoleClient;
    else if (route.url.startsWith('/api/')) hook = perClient;
    if (!hook) return;
    const counted = hook;
    // A page's inlined answers were counted with the page (pageRateLimit).
    hook = (request, reply, done) =>
      isPageBootRequest(request) ? done() : counted.call(app, request, reply, done);
    route.onRequest = [
      ...(Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : []),
      hook,
    ];
  });
}

/**
 * The limiter for the not-found handler: an API or add-on path we do not serve (however it is
 * spelled: `/%61pi/…`) counts like any API call, so probing unknown paths is limited too. A request
 * that reached it through a route (the h5's catch-all file route) was counted there already.
 */
export function limitUnroutedRequests(
  app: FastifyInstance,
): ((request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void) | undefined {
  const limit = app.limitApiRequest;
  if (!limit) return undefined;
  return function limitIfUnrouted(request, reply, done) {
    if (request.routeOptions.url !== undefined || !LIMITED_PATH.test(decodedPath(request.url))) return done();
    limit.call(app, request, reply, done);
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
 * config, and on the main pages the first screen's answers), so pages count too: per client
 * address, in a budget of their own of the size of the anonymous API budget, so that loading pages
 * never uses up the API's. Resolves to whether this page may be sent; always true when limits are off.
 */
export function pageRateLimit(app: FastifyInstance): (request: FastifyRequest) => Promise<boolean> {
  return app.pageAllowed ?? (async () => true);
}
