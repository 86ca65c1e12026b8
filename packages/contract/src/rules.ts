/**
 * Field rules and their Chinese messages, checked by the server's request schemas and, before a
 * request is sent, by the h5. No zod here: the browser imports this through `browser.ts`.
 */

/** A mainland mobile number: 11 digits, `1` then 3–9. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
export const INVALID_MOBILE_MESSAGE = '请输入正确的手机号';

/**
 * One spelling per mobile number: spaces and dashes dropped, a `+86` / `0086` / `86` country
 * prefix removed. `+86 138-0000-0000` and `13800000000` are the same member, cooldown and code.
 */
export function normaliseMobile(value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  const national = /^(?:\+86|0086|86)(1\d{10})$/.exec(compact);
  return national ? national[1] : compact;
}

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: no text field
 * has a use for them, and NUL (U+0000) cannot even be stored by PostgreSQL.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTER_MESSAGE = '输入内容不能包含控制字符';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 16;
export const PASSWORD_REQUIRED_MESSAGE = '请输入密码';
export const PASSWORD_TOO_SHORT_MESSAGE = `密码长度不能少于${PASSWORD_MIN_LENGTH}个字符`;
export const PASSWORD_TOO_LONG_MESSAGE = `密码长度不能多于${PASSWORD_MAX_LENGTH}个字符`;

/** What is wrong with a new password (the server's message), or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (!password) return PASSWORD_REQUIRED_MESSAGE;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return null;
}

/** Counted in characters (code points), so four-byte characters count once. */
export const NICKNAME_MAX_LENGTH = 24;
export const NICKNAME_TOO_LONG_MESSAGE = `昵称不能超过${NICKNAME_MAX_LENGTH}个字符`;
export const nicknameLength = (nickname: string) => [...nickname].length;
