/**
 * Answers of `POST /api/v2/login/password` that ask the client for an image captcha: after many
 * wrong passwords for one mobile, every password login for it must carry `image_key` and
 * `image_captcha`. Zod-free, so the h5 can import it without the schema library.
 */
export const CAPTCHA_REQUIRED_MESSAGE = '请输入图形验证码';
export const WRONG_CAPTCHA_MESSAGE = '图形验证码错误';

export const PASSWORD_LOGIN_CHALLENGES: readonly string[] = [CAPTCHA_REQUIRED_MESSAGE, WRONG_CAPTCHA_MESSAGE];
