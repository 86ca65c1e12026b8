import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { CodeLoginResult, registerWithSocialiteBody, socialStartQuery } from '@kezhan/contract/social';
import {
  assertCodeBrowser,
  BROWSER_MISMATCH_MESSAGE,
  isSameBrowser,
  type BrowserIdentity,
} from './browser-binding';
import { redeemNavigationTicket } from '../../shared/auth/navigation-tickets';
import type { AppServices } from '../../services';
import { BusinessError, INVALID_PARAMS_MESSAGE } from '../../shared/http/errors';
import type { ClientInfo } from '../../shared/http/client-info';
import { OAuthError, type SocialApp, type SocialUser } from '../../providers/oauth/oauth-provider';
import { issueLoginToken } from '../auth/login-service';
import { LoginCodes } from './login-codes';
import { signState, stateTag, STATE_TTL_SECONDS, verifyState } from './oauth-state';
import {
  REDIRECT_NOT_ALLOWED_MESSAGE,
  siteRedirectPolicy,
  withQuery,
} from '../../shared/http/redirect-policy';
import {
  ALREADY_HAS_APP_MESSAGE,
  bindSocialAccount,
  findBoundMember,
  registerSocialMember,
} from './social-accounts';

export const APP_NOT_FOUND_MESSAGE = '登录应用不存在';
export const APP_NOT_CONFIGURED_MESSAGE = '登录应用未配置';
export const LOCKED_MESSAGE = '用户已锁定无法登录';
export const LOGIN_REQUIRED_MESSAGE = '请登录';
export const STATE_INVALID_MESSAGE = '授权登录失败[1001]';
export const STATE_EXPIRED_MESSAGE = '授权已过期，请重新登录';
export const CANCELLED_MESSAGE = '您已取消授权';
export const VENDOR_FAILED_MESSAGE = '授权登录失败，请稍后再试';
export const MOBILE_HAS_OTHER_ACCOUNT_MESSAGE = '该手机号已绑定其它同渠道账号';

/** Our callback for each vendor; the signed state rides along as `data` (see oauth-state.ts). */
export const CALLBACK_PATHS: Record<SocialApp, string> = {
  qq: '/api/v3/auth/login/socialite/qq/callback',
  wechat: '/api/v3/auth/login/wechat/callback',
};
const SETTING_OF: Record<SocialApp, 'socialites.qq' | 'socialites.wechat_oauth'> = {
  qq: 'socialites.qq',
  wechat: 'socialites.wechat_oauth',
};

const callbackUrl = (services: AppServices, app: SocialApp, signedState: string) =>
  `${services.env.appUrl}${CALLBACK_PATHS[app]}?data=${signedState}`;
const nowSeconds = (services: AppServices) => Math.floor(services.now().getTime() / 1000);
const stateUsedKey = (nonce: string) => `social:state-used:${nonce}`;

export const BIND_TICKET = 'social-bind';

/**
 * `GET …/socialite/qq` and `GET …/wechat/oauth`: checks the request and
 * answers the vendor's authorize URL. A bind needs a `ticket` from `issueBindTicket` (never the
 * login token in a URL); the member's id goes into the signed state so the code can only ever be
 * bound to them.
 */
export async function startSocialLogin(
  services: AppServices,
  query: z.output<typeof socialStartQuery>,
  app: SocialApp,
  log: FastifyBaseLogger,
  /** The starting browser's binding (browser-binding.ts), carried in the signed state. */
  browser: string | null = null,
): Promise<string> {
  const settings = await services.settings.snapshot();
  if (settings.int(SETTING_OF[app]) !== 1) throw new BusinessError(APP_NOT_FOUND_MESSAGE);
  const provider = services.oauth[app];
  if (!provider.configured) {
    log.warn({ app }, 'social login enabled but the vendor credentials are not set');
    throw new BusinessError(APP_NOT_CONFIGURED_MESSAGE);
  }
  const redirects = siteRedirectPolicy(services.env, settings);
  const sUrl = redirects.check(query.s_url);
  const fUrl = redirects.check(query.f_url);
  if (!sUrl || !fUrl) throw new BusinessError(REDIRECT_NOT_ALLOWED_MESSAGE);

  let memberId: number | null = null;
  if (query.action === 'bind') {
    const ticket = await redeemNavigationTicket<{ userId: number }>(
      services.store,
      BIND_TICKET,
      query.ticket,
    );
    if (!ticket) return withQuery(fUrl, { login_err_msg: LOGIN_REQUIRED_MESSAGE, action: 'bind' });
    memberId = ticket.userId;
  }
  const signed = signState(services.socialStateKey, {
    browser,
    app,
    action: query.action,
    sUrl,
    fUrl,
    memberId,
    expiresAt: nowSeconds(services) + STATE_TTL_SECONDS,
  });
  return provider.authorizeUrl({
    redirectUri: callbackUrl(services, app, signed),
    state: stateTag(services.socialStateKey, signed),
  });
}

/**
 * The vendor's redirect back to us: verifies the state, swaps the code for the vendor
 * identity, and sends the browser to `s_url` with a single-use `login_code`, or to `f_url` with
 * `login_err_msg`. A state whose signature fails is answered here, never redirected.
 */
export async function finishSocialLogin(
  services: AppServices,
  query: Record<string, unknown>,
  app: SocialApp,
  log: FastifyBaseLogger,
  browser: BrowserIdentity,
): Promise<string> {
  if (typeof query.data !== 'string' || !query.data) throw new BusinessError(INVALID_PARAMS_MESSAGE);
  const signed = query.data;
  const check = verifyState(services.socialStateKey, signed, nowSeconds(services));
  if (!check.valid || check.state.app !== app) throw new BusinessError(STATE_INVALID_MESSAGE);
  const { state } = check;
  const fail = (message: string) => withQuery(state.fUrl, { login_err_msg: message, action: state.action });

  if (check.expired) return fail(STATE_EXPIRED_MESSAGE);
  if (query.state !== stateTag(services.socialStateKey, signed)) return fail(STATE_INVALID_MESSAGE);
  if (typeof query.code !== 'string' || !query.code) return fail(CANCELLED_MESSAGE);
  // The callback must land in the browser that started the flow, not in one it was sent to.
  if (!isSameBrowser(browser, state.browser)) return fail(BROWSER_MISMATCH_MESSAGE);
  if (!(await services.store.setIfAbsent(stateUsedKey(state.nonce), '1', STATE_TTL_SECONDS)))
    return fail(STATE_INVALID_MESSAGE);

  let user;
  try {
    user = await services.oauth[app].fetchUser({
      code: query.code,
      redirectUri: callbackUrl(services, app, signed),
    });
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    log.warn({ app, err: error.message }, 'social login refused by the vendor');
    return fail(error.memberMessage ?? VENDOR_FAILED_MESSAGE);
  }
  const loginCode = await new LoginCodes(services.store, services.now).issue({
    app,
    action: state.action,
    memberId: state.memberId,
    user,
    browser: state.browser ?? null,
  });
  return withQuery(state.sUrl, { login_code: loginCode, action: state.action });
}

/**
 * `POST /api/v3/auth/login/code`: a known social account logs in; a new one is either
 * asked for a mobile (`member.enabled_mobile_bind_alert`) or gets a social-only account.
 */
export async function loginWithCode(
  services: AppServices,
  code: string,
  client: ClientInfo,
  browser: BrowserIdentity,
): Promise<CodeLoginResult> {
  const codes = new LoginCodes(services.store, services.now);
  const entry = await codes.peek(code);
  assertCodeBrowser(browser, entry.browser);
  if (entry.action !== 'login') throw new BusinessError(INVALID_PARAMS_MESSAGE);

  const bound = await findBoundMember(services.db, entry.app, entry.user);
  if (bound) {
    await codes.redeem(code);
    if (bound.isLock === 1) throw new BusinessError(LOCKED_MESSAGE);
    return { success: 1, token: await issueLoginToken(services, bound.userId, client) };
  }
  const settings = await services.settings.snapshot();
  if (settings.int('member.enabled_mobile_bind_alert') === 1)
    return { success: 0, action: 'bind_mobile', code };

  await codes.redeem(code);
  const userId = await services.db.transaction().execute((trx) =>
    registerSocialMember(trx, settings, {
      app: entry.app,
      user: entry.user,
      registerIp: client.ip,
      now: services.now(),
    }),
  );
  if (settings.int('member.is_lock_default') === 1) throw new BusinessError(LOCKED_MESSAGE);
  return { success: 1, token: await issueLoginToken(services, userId, client) };
}

/**
 * `POST /api/v3/auth/register/withSocialite`: an SMS-verified mobile either creates the
 * member or, when it already belongs to one, joins that member; the social account is then bound.
 */
export async function registerWithSocialite(
  services: AppServices,
  body: z.output<typeof registerWithSocialiteBody>,
  client: ClientInfo,
  browser: BrowserIdentity,
): Promise<{ token: string }> {
  const codes = new LoginCodes(services.store, services.now);
  const entry = await codes.peek(body.code);
  assertCodeBrowser(browser, entry.browser);
  if (entry.action !== 'login') throw new BusinessError(INVALID_PARAMS_MESSAGE);
  await services.smsCodes.verify(body.mobile, body.mobile_code, ['mobile_bind']);
  await codes.redeem(body.code);

  return { token: await joinOrRegisterByMobile(services, entry.app, entry.user, body.mobile, client) };
}

/** `POST /api/v3/member/socialite/bindWithCode`: only the member who started the bind may use the code. */
export async function bindWithCode(services: AppServices, code: string, memberId: number): Promise<void> {
  const codes = new LoginCodes(services.store, services.now);
  const entry = await codes.peek(code);
  if (entry.action !== 'bind' || entry.memberId !== memberId) throw new BusinessError(INVALID_PARAMS_MESSAGE);
  await codes.redeem(code);
  await services.db
    .transaction()
    .execute((trx) => bindSocialAccount(trx, memberId, entry.app, entry.user, services.now()));
}

/**
 * Logs in the member of an SMS-verified mobile with a vendor identity: creates the member when the
 * mobile is new, else binds the identity to the mobile's owner (one account per vendor each).
 */
export async function joinOrRegisterByMobile(
  services: AppServices,
  app: SocialApp,
  user: SocialUser,
  mobile: string,
  client: ClientInfo,
): Promise<string> {
  const settings = await services.settings.snapshot();
  const now = services.now();
  const userId = await services.db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom('users')
      .select(['id', 'is_lock'])
      .where('mobile', '=', mobile)
      .executeTakeFirst();
    if (!owner) {
      return registerSocialMember(trx, settings, {
        app,
        user,
        mobile,
        registerIp: client.ip,
        now,
      });
    }
    if (owner.is_lock === 1) throw new BusinessError(LOCKED_MESSAGE);
    const bound = await findBoundMember(trx, app, user);
    if (bound?.userId === owner.id) return owner.id;
    try {
      await bindSocialAccount(trx, owner.id, app, user, now);
    } catch (error) {
      if (error instanceof BusinessError && error.message === ALREADY_HAS_APP_MESSAGE)
        throw new BusinessError(MOBILE_HAS_OTHER_ACCOUNT_MESSAGE);
      throw error;
    }
    return owner.id;
  });
  const member = await services.db
    .selectFrom('users')
    .select('is_lock')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (member.is_lock === 1) throw new BusinessError(LOCKED_MESSAGE);
  return issueLoginToken(services, userId, client);
}
