import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptyData } from './shapes';
import {
  NICKNAME_MAX_LENGTH,
  NICKNAME_TOO_LONG_MESSAGE,
  nicknameLength,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REQUIRED_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
} from './rules';
import { mobileNumber, oneOf, requiredSecret, requiredText } from './validation';

/**
 * Whether the member accepted the published user agreement and privacy policy (true when
 * there is nothing to accept). The 2026 MeEdu clients ask before anything else when one is false.
 */
export const agreementStatus = z.strictObject({
  user_agreement_agreed: z.boolean(),
  privacy_policy_agreed: z.boolean(),
});
export type AgreementStatus = z.infer<typeof agreementStatus>;

/** `GET /api/v2/member/detail` */
export const memberDetail = z.strictObject({
  id: z.number(),
  avatar: z.string(),
  nick_name: z.string(),
  mobile: z.string(),
  is_lock: z.number(),
  is_active: z.number(),
  role_id: z.number(),
  /** raw-dt `YYYY-MM-DD HH:mm:ss` (UTC+8) */
  role_expired_at: z.string().nullable(),
  invite_balance: z.number(),
  is_password_set: z.number(),
  is_set_nickname: z.number(),
  /** ISO `YYYY-MM-DDTHH:mm:ss.000000Z` */
  created_at: z.string(),
  credit1: z.number(),
  credit2: z.number(),
  credit3: z.number(),
  role: z.strictObject({ id: z.number(), name: z.string() }).nullable(),
  is_bind_qq: z.number(),
  is_bind_wechat: z.number(),
  is_bind_mobile: z.number(),
  invite_people_count: z.number(),
  is_face_verify: z.boolean(),
  profile_real_name: z.string(),
  profile_id_number: z.string(),
  /** Always sent by this server; older MeEdu servers do not have it. */
  agreement_status: agreementStatus.optional(),
});
export type MemberDetail = z.infer<typeof memberDetail>;

/** `POST /api/v2/member/detail/avatar` — multipart, field `file`; JPEG, PNG or WebP up to 1 MB. */
export const AVATAR_FIELD = 'file';
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_MESSAGES = {
  missing: '请上传文件',
  notImage: '请上传图片文件',
  tooLarge: '文件不能超过1M',
} as const;

/** `POST /api/v2/member/detail/nickname`, plus a 1–24 character rule. */
export const nicknameBody = z.object({
  nick_name: requiredText('请输入昵称', Number.MAX_SAFE_INTEGER).refine(
    (value) => nicknameLength(value) <= NICKNAME_MAX_LENGTH,
    NICKNAME_TOO_LONG_MESSAGE,
  ),
});
export type NicknameBody = z.input<typeof nicknameBody>;

/** `POST /api/v2/member/detail/password` (SMS scene `password_reset`). */
export const passwordBody = z.object({
  mobile: mobileNumber(),
  mobile_code: requiredText('请输入短信验证码', 10),
  password: requiredSecret(PASSWORD_REQUIRED_MESSAGE, Number.MAX_SAFE_INTEGER)
    .refine((value) => value.length >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
    .refine((value) => value.length <= PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE),
});
export type PasswordBody = z.input<typeof passwordBody>;

const mainlandMobile = () => mobileNumber();

/** `POST /api/v2/member/detail/mobile` (SMS scene `mobile_bind`; body `token` allowed). */
export const bindMobileBody = z.object({
  mobile: mainlandMobile(),
  mobile_code: requiredText('请输入短信验证码', 10),
});
export type BindMobileBody = z.input<typeof bindMobileBody> & { token?: string };

/** `POST /api/v2/member/verify`: proves the current mobile (scene `mobile_bind`). */
export const verifyMobileBody = z.object({
  mobile: mobileNumber(),
  mobile_code: requiredText('请输入短信验证码', 10),
});
export type VerifyMobileBody = z.input<typeof verifyMobileBody>;

/**
 * Answer of `POST /api/v2/member/verify`: a ticket valid 10 minutes, for this member and this
 * (old) mobile only, spent by one successful `PUT /api/v2/member/mobile`.
 */
export const mobileVerifySign = z.strictObject({ sign: z.string() });
export type MobileVerifySign = z.infer<typeof mobileVerifySign>;

/** `PUT /api/v2/member/mobile` (code sent to the new number, scene `mobile_bind`). */
export const changeMobileBody = z.object({
  mobile: mainlandMobile(),
  mobile_code: requiredText('请输入短信验证码', 10),
  sign: requiredText('参数错误', 100),
});
export type ChangeMobileBody = z.input<typeof changeMobileBody>;

/** `DELETE /api/v2/member/socialite/{app}`. */
export const SOCIALITE_APPS = ['qq', 'wechat'] as const;
export const socialiteAppParams = z.object({ app: oneOf(SOCIALITE_APPS, '参数错误') });
export type SocialiteApp = (typeof SOCIALITE_APPS)[number];

/** `POST /api/v3/member/destroy`: no body; deletion happens after this grace. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

export const memberApi = {
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/v2/member/detail',
    tag: 'member',
    auth: 'member',
    summary: "The member's profile",
    data: memberDetail,
    note: 'VIP role and expiry, credits, binding and verification flags',
  }),
  avatar: defineEndpoint({
    method: 'POST',
    path: '/api/v2/member/detail/avatar',
    tag: 'member',
    auth: 'member',
    summary: 'Upload a new avatar',
    upload: { field: AVATAR_FIELD, description: 'JPEG, PNG or WebP, at most 1 MB' },
    data: emptyData,
  }),
  nickname: defineEndpoint({
    method: 'POST',
    path: '/api/v2/member/detail/nickname',
    tag: 'member',
    auth: 'member',
    summary: 'Change the nickname',
    body: nicknameBody,
    data: emptyData,
  }),
  password: defineEndpoint({
    method: 'POST',
    path: '/api/v2/member/detail/password',
    tag: 'member',
    auth: 'member',
    summary: 'Set or reset the password with an SMS code, scene `password_reset`',
    body: passwordBody,
    data: emptyData,
  }),
  bindMobile: defineEndpoint({
    method: 'POST',
    path: '/api/v2/member/detail/mobile',
    tag: 'member',
    auth: 'member',
    summary: 'Bind a mobile to an account without one, SMS scene `mobile_bind`',
    body: bindMobileBody,
    data: emptyData,
  }),
  verifyMobile: defineEndpoint({
    method: 'POST',
    path: '/api/v2/member/verify',
    tag: 'member',
    auth: 'member',
    summary: 'Prove ownership of the current mobile before changing it',
    body: verifyMobileBody,
    data: mobileVerifySign,
    note: 'pass `sign` to PUT /api/v2/member/mobile',
  }),
  changeMobile: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/member/mobile',
    tag: 'member',
    auth: 'member',
    summary: 'Change the mobile, with the `sign` of /api/v2/member/verify',
    body: changeMobileBody,
    data: emptyData,
  }),
  destroy: defineEndpoint({
    method: 'POST',
    path: '/api/v3/member/destroy',
    tag: 'member',
    auth: 'member',
    summary: 'Request account deletion',
    description:
      'The account is deleted after a 7-day grace period by the `execute-account-deletions` job; logging in again cancels the request.',
    data: emptyData,
  }),
  unbindSocialite: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/member/socialite/:app',
    tag: 'social login',
    auth: 'member',
    summary: 'Unbind QQ or WeChat',
    params: socialiteAppParams,
    data: emptyData,
  }),
};
