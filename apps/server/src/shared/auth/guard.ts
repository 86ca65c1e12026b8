import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticationError } from '../http/errors';

export interface AuthenticatedMember {
  id: number;
  jti: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: AuthenticatedMember | null;
  }
}

const LOGIN_LIMIT_LAST_DEVICE_ONLY = 3;

/** MeEdu's token lookup order: Authorization header, then `?token=`, then body `token`. */
function findToken(request: FastifyRequest): { token: string; fromHeader: boolean } | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ') && header.length > 7)
    return { token: header.slice(7).trim(), fromHeader: true };
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
  if (typeof fromQuery === 'string' && fromQuery) return { token: fromQuery, fromHeader: false };
  const fromBody = (request.body as Record<string, unknown> | undefined)?.token;
  if (typeof fromBody === 'string' && fromBody) return { token: fromBody, fromHeader: false };
  return null;
}

/**
 * The member behind the request's token, or null. A token counts only while its signature and
 * expiry hold, its login record is not revoked (logout) and the member is not locked. With the
 * "last device only" login rule, a header token from an older login is revoked on sight.
 */
async function identify(request: FastifyRequest): Promise<AuthenticatedMember | null> {
  const found = findToken(request);
  if (!found) return null;
  const { tokens, db, settings } = request.server.services;
  const claims = tokens.read(found.token);
  if (!claims) return null;
  const login = await db
    .selectFrom('user_login_records as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.revoked_at', 'u.is_lock', 'u.last_login_id'])
    .where('l.jti', '=', claims.jti)
    .where('l.user_id', '=', Number(claims.sub))
    .executeTakeFirst();
  if (!login || login.revoked_at || login.is_lock === 1) return null;
  if (found.fromHeader && login.last_login_id !== login.id) {
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
  return { id: Number(claims.sub), jti: claims.jti };
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
