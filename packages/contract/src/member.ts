import { z } from 'zod';
import { mobileNumber, oneOf, requiredSecret, requiredText } from './validation';

/** `GET /api/v2/member/detail` — api-contract §6.1 */
export interface MemberDetail {
  id: number;
  avatar: string;
  nick_name: string;
  mobile: string;
  is_lock: number;
  is_active: number;
  role_id: number;
  /** raw-dt `YYYY-MM-DD HH:mm:ss` (UTC+8) */
  role_expired_at: string | null;
  invite_balance: number;
  is_password_set: number;
  is_set_nickname: number;
  /** ISO `YYYY-MM-DDTHH:mm:ss.000000Z` */
  created_at: string;
  credit1: number;
  credit2: number;
  credit3: number;
  role: { id: number; name: string } | null;
  is_bind_qq: number;
  is_bind_wechat: number;
  is_bind_mobile: number;
  invite_people_count: number;
  is_face_verify: boolean;
  profile_real_name: string;
  profile_id_number: string;
}

/** `POST /api/v2/member/detail/avatar` — multipart, field `file`; JPEG, PNG or WebP up to 1 MB. */
export const AVATAR_FIELD = 'file';
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_MESSAGES = {
  missing: '请上传文件',
  notImage: '请上传图片文件',
  tooLarge: '文件不能超过1M',
} as const;

export const NICKNAME_MAX_LENGTH = 24;

/** `POST /api/v2/member/detail/nickname` — api-contract §6.3, plus a 1–24 character rule. */
export const nicknameBody = z.object({
  nick_name: requiredText('请输入昵称', Number.MAX_SAFE_INTEGER).refine(
    (value) => [...value].length <= NICKNAME_MAX_LENGTH,
    `昵称不能超过${NICKNAME_MAX_LENGTH}个字符`,
  ),
});
export type NicknameBody = z.input<typeof nicknameBody>;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 16;

/** `POST /api/v2/member/detail/password` — api-contract §6.4 (SMS scene `password_reset`). */
export const passwordBody = z.object({
  mobile: mobileNumber(),
  mobile_code: requiredText('请输入短信验证码', 10),
  password: requiredSecret('请输入密码', Number.MAX_SAFE_INTEGER)
    .refine((value) => value.length >= PASSWORD_MIN_LENGTH, `密码长度不能少于${PASSWORD_MIN_LENGTH}个字符`)
    .refine((value) => value.length <= PASSWORD_MAX_LENGTH, `密码长度不能多于${PASSWORD_MAX_LENGTH}个字符`),
});
export type PasswordBody = z.input<typeof passwordBody>;

const mainlandMobile = () => mobileNumber();

/** `POST /api/v2/member/detail/mobile` — api-contract §6.6 (SMS scene `mobile_bind`; body `token` allowed). */
export const bindMobileBody = z.object({
  mobile: mainlandMobile(),
  mobile_code: requiredText('请输入短信验证码', 10),
});
export type BindMobileBody = z.input<typeof bindMobileBody> & { token?: string };

/** `POST /api/v2/member/verify` — api-contract §6.5: proves the current mobile (scene `mobile_bind`). */
export const verifyMobileBody = z.object({
  mobile: mobileNumber(),
  mobile_code: requiredText('请输入短信验证码', 10),
});
export type VerifyMobileBody = z.input<typeof verifyMobileBody>;

/**
 * Answer of `POST /api/v2/member/verify`: a ticket valid 10 minutes, for this member and this
 * (old) mobile only, spent by one successful `PUT /api/v2/member/mobile`.
 */
export interface MobileVerifySign {
  sign: string;
}

/** `PUT /api/v2/member/mobile` — api-contract §6.7 (code sent to the new number, scene `mobile_bind`). */
export const changeMobileBody = z.object({
  mobile: mainlandMobile(),
  mobile_code: requiredText('请输入短信验证码', 10),
  sign: requiredText('参数错误', 100),
});
export type ChangeMobileBody = z.input<typeof changeMobileBody>;

/** `DELETE /api/v2/member/socialite/{app}` — api-contract §12.6. */
export const SOCIALITE_APPS = ['qq', 'wechat'] as const;
export const socialiteAppParams = z.object({ app: oneOf(SOCIALITE_APPS, '参数错误') });
export type SocialiteApp = (typeof SOCIALITE_APPS)[number];

/** `POST /api/v3/member/destroy` — api-contract §6.8: no body; deletion happens after this grace. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;
