import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { passwordBody } from './member';
import { emptyData } from './shapes';
import { mobileNumber, oneOf, optionalText, requiredSecret, requiredText } from './validation';

export const SMS_SCENES = ['login', 'register', 'password_reset', 'mobile_bind'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];

/** `GET /api/v2/captcha/image`: `img` is a PNG data URL; send `key` with the answer. */
export const imageCaptcha = z.strictObject({ sensitive: z.boolean(), key: z.string(), img: z.string() });
export type ImageCaptcha = z.infer<typeof imageCaptcha>;

/** `POST /api/v2/captcha/sms`: an SMS code for `scene`, after the image captcha. */
export const sendSmsBody = z.object({
  mobile: mobileNumber(),
  image_captcha: requiredText('请输入图形验证码', 20),
  image_key: requiredText('参数错误'),
  scene: oneOf(SMS_SCENES, '参数错误'),
});
export type SendSmsBody = z.input<typeof sendSmsBody>;

/** `POST /api/v2/login/mobile` (`mobile_code` is checked by the SMS rule itself). */
export const mobileLoginBody = z.object({
  mobile: mobileNumber(),
  mobile_code: optionalText('短信验证码错误', 10),
  msv: optionalText(),
});
export type MobileLoginBody = z.input<typeof mobileLoginBody>;

/** `POST /api/v2/login/password` */
export const passwordLoginBody = z.object({
  mobile: mobileNumber(),
  password: requiredSecret('请输入密码', 64),
  /** Needed only after many wrong passwords for this mobile (the answer says 请输入图形验证码). */
  image_key: optionalText(),
  image_captcha: optionalText('图形验证码错误', 20),
});
export type PasswordLoginBody = z.input<typeof passwordLoginBody>;

export const tokenData = z.strictObject({ token: z.string() });
export type TokenData = z.infer<typeof tokenData>;

export const authApi = {
  captchaImage: defineEndpoint({
    method: 'GET',
    path: '/api/v2/captcha/image',
    tag: 'auth',
    summary: 'New image captcha',
    data: imageCaptcha,
    note: '`img` is a data URL; send `key` with the answer to /api/v2/captcha/sms',
  }),
  sendSms: defineEndpoint({
    method: 'POST',
    path: '/api/v2/captcha/sms',
    tag: 'auth',
    summary: 'Send an SMS code for a scene',
    description: 'One SMS per mobile per 60 s; the code lives 300 s, serves once and only for its scene.',
    body: sendSmsBody,
    data: emptyData,
  }),
  mobileLogin: defineEndpoint({
    method: 'POST',
    path: '/api/v2/login/mobile',
    tag: 'auth',
    summary: 'Log in (or register) with an SMS code',
    body: mobileLoginBody,
    data: tokenData,
  }),
  passwordLogin: defineEndpoint({
    method: 'POST',
    path: '/api/v2/login/password',
    tag: 'auth',
    summary: 'Log in with mobile and password',
    body: passwordLoginBody,
    data: tokenData,
  }),
  passwordReset: defineEndpoint({
    method: 'POST',
    path: '/api/v2/password/reset',
    tag: 'auth',
    summary: '忘记密码: a new password proven by an SMS code (scene `password_reset`)',
    description: 'Signs out every session of the member. No login needed.',
    body: passwordBody,
    data: emptyData,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/v2/logout',
    tag: 'auth',
    auth: 'member',
    summary: 'Log out: the token stops working on every node',
    data: emptyData,
  }),
};
