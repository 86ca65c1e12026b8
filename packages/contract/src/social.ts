import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptyData } from './shapes';
import { mobileNumber, oneOf, optionalText, requiredText } from './validation';

export const SOCIAL_ACTIONS = ['login', 'bind'] as const;
export type SocialAction = (typeof SOCIAL_ACTIONS)[number];

/**
 * Browser navigations that start a social login:
 * `GET /api/v3/auth/login/socialite/qq` and `GET /api/v3/auth/login/wechat/oauth`.
 * `action=bind` also needs the member's `token` in the query (a navigation sends no header).
 */
export const socialStartQuery = z.object({
  s_url: requiredText('参数错误', 255),
  f_url: requiredText('参数错误', 255),
  action: oneOf(SOCIAL_ACTIONS, '参数错误'),
  /** `action=bind` only: from `POST /api/v3/member/socialite/bindTicket` (single use, 5 minutes). */
  ticket: optionalText('参数错误', 64),
});
export type SocialStartQuery = z.input<typeof socialStartQuery>;

/** Query params the API appends to `s_url` (success) or `f_url` (failure) when it returns. */
export const SOCIAL_RETURN_PARAMS = {
  code: 'login_code',
  action: 'action',
  error: 'login_err_msg',
} as const;

/** `POST /api/v3/auth/login/code`; also the body of `POST /api/v3/member/socialite/bindWithCode`. */
export const loginCodeBody = z.object({
  code: requiredText('参数错误', 64),
});
export type LoginCodeBody = z.input<typeof loginCodeBody>;

/** `POST /api/v3/auth/register/withSocialite` (SMS scene `mobile_bind`). */
export const registerWithSocialiteBody = z.object({
  mobile: mobileNumber('参数错误'),
  code: requiredText('参数错误', 64),
  mobile_code: optionalText('短信验证码错误', 10),
});
export type RegisterWithSocialiteBody = z.input<typeof registerWithSocialiteBody>;

/**
 * Answer of `POST /api/v3/auth/login/code`: a token for a known account, or — when the social
 * account is new and the site requires a mobile — go to /code-bind-mobile with `code`.
 */
export const codeLoginResult = z.union([
  z.strictObject({ success: z.literal(1), token: z.string() }),
  z.strictObject({ success: z.literal(0), action: z.literal('bind_mobile'), code: z.string() }),
]);
export type CodeLoginResult = z.infer<typeof codeLoginResult>;

/** `POST /api/v3/member/socialite/bindTicket` — lets the browser start a bind without the login token in the URL. */
export const socialBindTicket = z.strictObject({ ticket: z.string(), expires_in: z.number() });
export type SocialBindTicket = z.infer<typeof socialBindTicket>;

/** Only QQ uses the generic socialite path; WeChat has its own. */
export const socialiteLoginParams = z.object({
  app: z.string().refine((app) => app === 'qq', '登录应用不存在'),
});

const backToReturnAddress =
  'Redirect to `s_url` with `login_code` and `action`, or to `f_url` with the reason';

export const socialApi = {
  startQq: defineEndpoint({
    method: 'GET',
    path: '/api/v3/auth/login/socialite/:app',
    tag: 'social login',
    summary: 'Start a QQ login or binding — browser navigation',
    description:
      'Only `app=qq` exists. `action=bind` needs a `ticket` from `POST /api/v3/member/socialite/bindTicket` (the login token never goes in a URL).',
    params: socialiteLoginParams,
    query: socialStartQuery,
    answers: 'redirect',
    note: 'Redirect to the QQ consent page, or to `f_url` with the reason',
  }),
  startWechat: defineEndpoint({
    method: 'GET',
    path: '/api/v3/auth/login/wechat/oauth',
    tag: 'social login',
    summary: 'Start a WeChat official-account login or binding — browser navigation',
    description: '`action=bind` needs a `ticket` from `POST /api/v3/member/socialite/bindTicket`.',
    query: socialStartQuery,
    answers: 'redirect',
    note: 'Redirect to the WeChat OAuth page, or to `f_url` with the reason',
  }),
  qqCallback: defineEndpoint({
    method: 'GET',
    path: '/api/v3/auth/login/socialite/qq/callback',
    tag: 'social login',
    summary: 'QQ returns here with `code` and `state`',
    answers: 'redirect',
    note: backToReturnAddress,
  }),
  wechatCallback: defineEndpoint({
    method: 'GET',
    path: '/api/v3/auth/login/wechat/callback',
    tag: 'social login',
    summary: 'WeChat returns here with `code` and `state`',
    answers: 'redirect',
    note: backToReturnAddress,
  }),
  loginWithCode: defineEndpoint({
    method: 'POST',
    path: '/api/v3/auth/login/code',
    tag: 'social login',
    summary: 'Exchange a `login_code` for a token',
    body: loginCodeBody,
    data: codeLoginResult,
  }),
  registerWithSocialite: defineEndpoint({
    method: 'POST',
    path: '/api/v3/auth/register/withSocialite',
    tag: 'social login',
    summary: 'Create an account for a social login with a verified mobile',
    body: registerWithSocialiteBody,
    data: z.strictObject({ token: z.string() }),
  }),
  bindTicket: defineEndpoint({
    method: 'POST',
    path: '/api/v3/member/socialite/bindTicket',
    tag: 'social login',
    auth: 'member',
    summary: 'A single-use, 5-minute ticket that starts a QQ / WeChat bind by browser navigation',
    data: socialBindTicket,
  }),
  bindWithCode: defineEndpoint({
    method: 'POST',
    path: '/api/v3/member/socialite/bindWithCode',
    tag: 'social login',
    auth: 'member',
    summary: 'Bind the social account behind a `login_code` to the member',
    body: loginCodeBody,
    data: emptyData,
  }),
};
