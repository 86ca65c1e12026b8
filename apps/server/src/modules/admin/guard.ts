import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Endpoint } from '@kezhan/contract/endpoint';
import {
  ADMIN_CSRF_HEADER,
  ADMIN_SESSION_COOKIE,
  isAdminPermission,
  type AdminPermission,
} from '@kezhan/contract/admin/permissions';
import { AuthenticationError, BusinessError } from '../../shared/http/errors';
import { route, type EndpointHandler, type RouteOptions } from '../../shared/http/route';
import { csrfMatches, findActiveSession, type ActiveSession } from './sessions';

export const PERMISSION_DENIED_MESSAGE = '没有权限执行此操作';
export const CSRF_MESSAGE = '页面已过期，请刷新后重试';

const sessions = new WeakMap<FastifyRequest, ActiveSession>();

/** The value of one cookie of the request, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return value || null;
  }
  return null;
}

const changesState = (request: FastifyRequest) => !['GET', 'HEAD', 'OPTIONS'].includes(request.method);

const lookups = new WeakMap<FastifyRequest, Promise<ActiveSession | null>>();

/**
 * The live administrator session of the request's cookie, looked up once per request: the rate
 * limiter (which budgets a signed-in administrator by session) and the guard share the answer.
 */
export function liveAdminSession(request: FastifyRequest): Promise<ActiveSession | null> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const token = readCookie(request, ADMIN_SESSION_COOKIE);
    const { db, now } = request.server.services;
    lookup = token ? findActiveSession(db, token, now()) : Promise.resolve(null);
    lookups.set(request, lookup);
  }
  return lookup;
}

/**
 * The console rate limit's key for a request: its live session's id, or null without a session
 * cookie (then no lookup at all; the request is counted per address). A cookie naming no live
 * session also gives null.
 */
export function consoleSessionKey(request: FastifyRequest): Promise<string | null> | null {
  if (!readCookie(request, ADMIN_SESSION_COOKIE)) return null;
  return liveAdminSession(request).then((session) => session?.id ?? null);
}

/**
 * The access check of an admin route: a live session (else 401 请登录), a role that grants the
 * permission (else 403; the role's permissions come with the session, in the same query), and on
 * every change the session's CSRF token in `X-CSRF-Token` (else
 * 403) — a page of another site can make the browser send the cookie only with SameSite lapses,
 * and can never read the token.
 */
export function requireAdmin(permission: AdminPermission): preHandlerAsyncHookHandler {
  return async function adminGuard(request: FastifyRequest, _reply: FastifyReply) {
    const session = await liveAdminSession(request);
    if (!session) throw new AuthenticationError();
    if (!session.role.permissions.has(permission)) throw new BusinessError(PERMISSION_DENIED_MESSAGE, 403);
    if (changesState(request) && !csrfMatches(session.csrfToken, request.headers[ADMIN_CSRF_HEADER])) {
      throw new BusinessError(CSRF_MESSAGE, 403);
    }
    sessions.set(request, session);
  };
}

/** The session an admin route serves (set by its guard). */
export function adminSessionOf(request: FastifyRequest): ActiveSession {
  const session = sessions.get(request);
  if (!session) throw new AuthenticationError();
  return session;
}

/**
 * Whether the administrator behind an admin route's request also holds `permission`: for a route
 * whose declared permission covers the usual case and a sensitive part needs more (a member
 * created with courses given needs `member.grant` as well as `member.edit`).
 */
export function adminMay(request: FastifyRequest, permission: AdminPermission): boolean {
  return adminSessionOf(request).role.permissions.has(permission);
}

/**
 * Registers an `auth: 'admin'` endpoint with the guard of the permission it declares; a
 * declaration without a known permission fails at start, so no admin route can go unguarded.
 */
export function adminRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: Omit<RouteOptions, 'preHandler'> = {},
): void {
  const permission = endpoint.permission;
  if (endpoint.auth !== 'admin' || !permission || !isAdminPermission(permission)) {
    throw new Error(`${endpoint.method} ${endpoint.path} must declare auth 'admin' and a known permission`);
  }
  // A console change may touch what the site content cache holds (home blocks, the courses they
  // list): forget it once the change is made, so the site shows it at once.
  const answer: EndpointHandler<E> =
    endpoint.method === 'GET'
      ? handler
      : async (request, reply) => {
          try {
            return await handler(request, reply);
          } finally {
            request.server.services.siteContent.invalidate();
          }
        };
  route(app, endpoint, { ...options, preHandler: requireAdmin(permission as AdminPermission) }, answer);
}
