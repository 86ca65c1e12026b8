import { z } from 'zod';
import { mobileNumber, oneOf, optionalText, requiredSecret, requiredText } from './validation';

export const SMS_SCENES = ['login', 'register', 'password_reset', 'mobile_bind'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

/** `GET /api/v2/captcha/image` */
export interface ImageCaptcha {
  sensitive: boolean;
  key: string;
  img: string;
}

/** `POST /api/v2/captcha/sms` — api-contract §4.2 */
export const sendSmsBody = z.object({
  mobile: mobileNumber(),
  image_captcha: requiredText('请输入图形验证码', 20),
  image_key: requiredText('参数错误'),
  scene: oneOf(SMS_SCENES, '参数错误'),
});
export type SendSmsBody = z.input<typeof sendSmsBody>;

/** `POST /api/v2/login/mobile` — api-contract §5.1 (`mobile_code` is checked by the SMS rule itself). */
export const mobileLoginBody = z.object({
  mobile: mobileNumber(),
  mobile_code: optionalText('短信验证码错误', 10),
  msv: optionalText(),
});
export type MobileLoginBody = z.input<typeof mobileLoginBody>;

/** `POST /api/v2/login/password` — api-contract §5.2 */
export const passwordLoginBody = z.object({
  mobile: mobileNumber(),
  password: requiredSecret('请输入密码', 64),
  /** Needed only after many wrong passwords for this mobile (the answer says 请输入图形验证码). */
  image_key: optionalText(),
  image_captcha: optionalText('图形验证码错误', 20),
});
export type PasswordLoginBody = z.input<typeof passwordLoginBody>;

export interface TokenData {
  token: string;
}
