import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { AuthenticationError } from '../http/errors';
import type { TokenService } from './tokens';
import type { SettingsService } from '../settings/settings-service';

export interface AuthenticatedMember {
  id: number;
  jti: string;
  /** The login record (`user_login_records.id`) of the token: what grants issued to it are bound to. */
  loginId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: AuthenticatedMember | null;
  }
}

const LOGIN_LIMIT_LAST_DEVICE_ONLY = 3;

/**
 * Routes MeEdu clients reach without an Authorization header: a browser navigation (attachment
 * download, `?token=`) and the forced mobile binding with a temporary token (body `token`).
 * Everywhere else only the header counts, so a token never has to travel in a URL.
 */
const QUERY_TOKEN_ROUTES = new Set(['/api/v2/course/attach/:id/download']);
const BODY_TOKEN_ROUTES = new Set(['/api/v2/member/detail/mobile']);

/**
 * The one token-resolution path (MeEdu's order: Authorization header, then `?token=`, then body
 * `token`); whichever transport carried it, the token then passes the same checks.
 */
export function findToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ') && header.length > 7) return header.slice(7).trim();
  const route = request.routeOptions.url ?? '';
  if (QUERY_TOKEN_ROUTES.has(route)) {
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  }
  if (BODY_TOKEN_ROUTES.has(route)) {
    const fromBody = (request.body as Record<string, unknown> | undefined)?.token;
    if (typeof fromBody === 'string' && fromBody) return fromBody;
  }
  return null;
}

/**
 * The member id a request's `Authorization: Bearer` token names when its signature and expiry
 * hold (no database lookup: the rate limiter counts by it before the route's own checks), or null.
 */
export function memberOfBearerToken(request: FastifyRequest, tokens: TokenService): number | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ') || header.length <= 7) return null;
  const claims = tokens.read(header.slice(7).trim());
  return claims ? Number(claims.sub) : null;
}

/**
 * The member behind the request's token, or null. A token counts only while its signature and
 * expiry hold, its login record is not revoked (logout) and the member is not locked. With the
 * "last device only" login rule, a token from an older login is revoked on sight, whatever
 * transport carried it.
 */
async function identify(request: FastifyRequest): Promise<AuthenticatedMember | null> {
  const token = findToken(request);
  if (!token) return null;
  const { tokens, db, settings } = request.server.services;
  const claims = tokens.read(token);
  if (!claims) return null;
  const login = await db
    .selectFrom('user_login_records as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.revoked_at', 'u.is_lock', 'u.last_login_id'])
    .where('l.jti', '=', claims.jti)
    .where('l.user_id', '=', Number(claims.sub))
    .executeTakeFirst();
  if (!login || login.revoked_at || login.is_lock === 1) return null;
  if (login.last_login_id !== login.id) {
    const rule = (await settings.snapshot()).int('login.limit.rule');
    if (rule === LOGIN_LIMIT_LAST_DEVICE_ONLY) {
      await db
        .updateTable('user_login_records')
        .set({ revoked_at: new Date() })
        .where('id', '=', login.id)
        .execute();
      throw new AuthenticationError('请重新登录');
    }
  }
  return { id: Number(claims.sub), jti: claims.jti, loginId: login.id };
}

/**
 * Whether a member's login session still stands, as the guard would judge its token: not revoked
 * (logout, password change, lock) nor expired, the member not locked, and under the "last device
 * only" rule still the member's newest login. Grants handed to a session (media addresses) are
 * checked with it, so they end with the session.
 */
export async function loginSessionStands(
  db: Db,
  settings: SettingsService,
  userId: number,
  loginId: number,
  now: Date,
): Promise<boolean> {
  const login = await db
    .selectFrom('user_login_records as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.revoked_at', 'l.expires_at', 'u.is_lock', 'u.last_login_id'])
    .where('l.id', '=', loginId)
    .where('l.user_id', '=', userId)
    .executeTakeFirst();
  if (!login || login.revoked_at || login.is_lock === 1) return false;
  if (new Date(login.expires_at).getTime() <= now.getTime()) return false;
  if (login.last_login_id === loginId) return true;
  return (await settings.snapshot()).int('login.limit.rule') !== LOGIN_LIMIT_LAST_DEVICE_ONLY;
}

/** preHandler for member-only routes: `{code: 401, message: '请登录'}` without a valid token. */
export async function requireMember(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.member = await identify(request);
  if (!request.member) throw new AuthenticationError();
}

/** preHandler for routes that show more to members but serve guests too. */
export async function optionalMember(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.member = await identify(request).catch(() => null);
}

/** The id of the member a `requireMember` route serves. */
export function memberIdOf(request: FastifyRequest): number {
  if (!request.member) throw new AuthenticationError();
  return request.member.id;
}
