import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../../services';
import type { Db } from '../../shared/db/database';

const PLATFORMS = new Set(['PC', 'H5', 'IOS', 'ANDROID', 'MINI', 'APP', 'OTHER']);

/** Extra steps a feature runs on every successful login (e.g. cancelling a pending deletion). */
export type LoginHook = (trx: Db, userId: number, services: AppServices) => Promise<void>;
const loginHooks: LoginHook[] = [];
export const onLogin = (hook: LoginHook) => void loginHooks.push(hook);

/**
 * Issues a token for a member and records the login (platform, ip, user agent, jti) the way
 * MeEdu's UserLoginEvent does; the record is what logout revokes and what the guard checks.
 */
export async function issueLoginToken(
  services: AppServices,
  request: FastifyRequest,
  userId: number,
): Promise<string> {
  const issuer = `${services.env.appUrl}${request.url.split('?')[0]}`;
  const { token, jti, expiresAt } = services.tokens.issue(userId, issuer);
  const platformHeader = String(request.headers['meedu-platform'] ?? '').toUpperCase();
  await services.db.transaction().execute(async (trx) => {
    const record = await trx
      .insertInto('user_login_records')
      .values({
        user_id: userId,
        jti,
        platform: PLATFORMS.has(platformHeader) ? platformHeader : 'APP',
        ip: request.ip,
        ua: String(request.headers['user-agent'] ?? '').slice(0, 500),
        iss: issuer,
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ last_login_id: record.id }).where('id', '=', userId).execute();
    for (const hook of loginHooks) await hook(trx, userId, services);
  });
  return token;
}

/** Logout: the token's login record is revoked, so the token stops working on every node. */
export async function revokeToken(services: AppServices, jti: string): Promise<void> {
  await services.db
    .updateTable('user_login_records')
    .set({ revoked_at: services.now() })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .execute();
}
