import { hashPassword } from '../../shared/auth/passwords';
import type { TokenService } from '../../shared/auth/tokens';
import type { Db } from '../../shared/db/database';
import type { ClientInfo } from '../../shared/http/client-info';
import { BusinessError } from '../../shared/http/errors';
import type { SettingsService } from '../../shared/settings/settings-service';
import type { SmsCodeService } from '../captcha/sms-codes';
import type { AppServices, LoginHook } from '../../services';
import { checkPasswordLogin, LOCKED_MESSAGE, type PasswordLoginInput } from './password-login';
import { registerMember } from './registration';

const PLATFORMS = new Set(['PC', 'H5', 'IOS', 'ANDROID', 'MINI', 'APP', 'OTHER']);

/** What issuing a login token needs. */
export interface LoginDeps {
  db: Db;
  tokens: TokenService;
  env: { appUrl: string };
  now: () => Date;
  /** The login hooks of every module (modules/registry.ts), run in the login's transaction. */
  loginHooks: readonly LoginHook[];
}

/**
 * Issues a token for a member and records the login (platform, ip, user agent, jti) the way
 * MeEdu's UserLoginEvent does; the record is what logout revokes and what the guard checks.
 */
export async function issueLoginToken(
  deps: LoginDeps,
  userId: number,
  client: ClientInfo,
  alsoInTransaction?: (trx: Db) => Promise<void>,
): Promise<string> {
  const issuer = `${deps.env.appUrl}${client.path}`;
  const { token, jti, expiresAt } = deps.tokens.issue(userId, issuer);
  await deps.db.transaction().execute(async (trx) => {
    const record = await trx
      .insertInto('user_login_records')
      .values({
        user_id: userId,
        jti,
        platform: PLATFORMS.has(client.platform) ? client.platform : 'APP',
        ip: client.ip,
        ua: client.userAgent.slice(0, 500),
        iss: issuer,
        expires_at: expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('users').set({ last_login_id: record.id }).where('id', '=', userId).execute();
    for (const hook of deps.loginHooks) await hook(trx, userId, deps.now());
    if (alsoInTransaction) await alsoInTransaction(trx);
  });
  return token;
}

/** Logout: the token's login record is revoked, so the token stops working on every node. */
export async function revokeToken(deps: { db: Db; now: () => Date }, jti: string): Promise<void> {
  await deps.db
    .updateTable('user_login_records')
    .set({ revoked_at: deps.now() })
    .where('jti', '=', jti)
    .where('revoked_at', 'is', null)
    .execute();
}

/** SMS login; an unknown mobile registers a new member. */
export async function loginWithSms(
  deps: LoginDeps & { smsCodes: SmsCodeService; settings: SettingsService },
  input: { mobile: string; mobileCode: string | undefined },
  client: ClientInfo,
): Promise<string> {
  const { db, smsCodes, settings } = deps;
  await smsCodes.verify(input.mobile, input.mobileCode, ['login', 'register']);
  const snapshot = await settings.snapshot();
  const userId = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .select(['id', 'is_lock'])
      .where('mobile', '=', input.mobile)
      .executeTakeFirst();
    if (existing) {
      if (existing.is_lock === 1) throw new BusinessError(LOCKED_MESSAGE);
      return existing.id;
    }
    const id = await registerMember(trx, snapshot, {
      mobile: input.mobile,
      registerIp: client.ip,
      userAgent: client.userAgent,
      platform: client.platform,
      now: deps.now(),
    });
    if (snapshot.int('member.is_lock_default') === 1) return null;
    return id;
  });
  if (userId === null) throw new BusinessError(LOCKED_MESSAGE);
  return issueLoginToken(deps, userId, client);
}

/**
 * Password login: checked by password-login.ts (back-off per mobile + IP, captcha, no enumeration).
 * A bcrypt hash brought from MeEdu is replaced by our scrypt in the login's transaction, unless the
 * password changed meanwhile (the update names the old hash).
 */
export async function loginWithPassword(
  services: AppServices,
  input: PasswordLoginInput,
  client: ClientInfo,
): Promise<string> {
  const { userId, staleHash } = await checkPasswordLogin(services, input, client.ip);
  if (!staleHash) return issueLoginToken(services, userId, client);
  const fresh = await hashPassword(input.password);
  return issueLoginToken(services, userId, client, async (trx) => {
    await trx
      .updateTable('users')
      .set({ password: fresh })
      .where('id', '=', userId)
      .where('password', '=', staleHash)
      .execute();
  });
}
