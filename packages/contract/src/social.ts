import { z } from 'zod';
import { mobileNumber, oneOf, optionalText, requiredText } from './validation';

export const SOCIAL_ACTIONS = ['login', 'bind'] as const;
export type SocialAction = (typeof SOCIAL_ACTIONS)[number];

/**
 * Browser navigations that start a social login — api-contract §12.1:
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

/** `POST /api/v3/auth/login/code` — §12.3; also the body of `POST /api/v3/member/socialite/bindWithCode` (§12.5). */
export const loginCodeBody = z.object({
  code: requiredText('参数错误', 64),
});
export type LoginCodeBody = z.input<typeof loginCodeBody>;

/** `POST /api/v3/auth/register/withSocialite` — §12.4 (SMS scene `mobile_bind`). */
export const registerWithSocialiteBody = z.object({
  mobile: mobileNumber('参数错误'),
  code: requiredText('参数错误', 64),
  mobile_code: optionalText('短信验证码错误', 10),
});
export type RegisterWithSocialiteBody = z.input<typeof registerWithSocialiteBody>;

/** Answer of `POST /api/v3/auth/login/code`. */
export type CodeLoginResult =
  | { success: 1; token: string }
  /** The social account is new and the site requires a mobile: go to /code-bind-mobile with `code`. */
  | { success: 0; action: 'bind_mobile'; code: string };

/** `POST /api/v3/member/socialite/bindTicket` — lets the browser start a bind without the login token in the URL. */
export interface SocialBindTicket {
  ticket: string;
  expires_in: number;
}
