import { z } from 'zod';

/**
 * Field rules that behave like the MeEdu (Laravel) FormRequests the contract describes:
 * strings are trimmed (except secrets), numbers sent as JSON numbers are accepted as text,
 * and a missing, null or blank value fails with the field's own Chinese message.
 */
const numberAsText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
const trimmedText = (value: unknown) => {
  const text = numberAsText(value);
  return typeof text === 'string' ? text.trim() : text;
};

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL: no text field
 * has a use for them, and NUL (U+0000) cannot even be stored by PostgreSQL.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTER_MESSAGE = '输入内容不能包含控制字符';
const noControlCharacters = (value: string) => !CONTROL_CHARACTERS.test(value);

const text = (message: string) =>
  z.string({ error: message }).refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE);

export const requiredText = (message: string, maxLength = 255) =>
  z.preprocess(trimmedText, text(message).min(1, message).max(maxLength, message));

/** Passwords are never trimmed (Laravel's TrimStrings skips them). */
export const requiredSecret = (message: string, maxLength = 255) =>
  z.preprocess(numberAsText, text(message).min(1, message).max(maxLength, message));

export const optionalText = (message = '参数错误', maxLength = 255) =>
  z.preprocess(trimmedText, text(message).max(maxLength, message).optional());

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

/** The mobile field of every request: required, normalised, then a mainland mobile number. */
export const mobileNumber = (missingMessage = '请输入手机号') =>
  z.preprocess(
    (value) => {
      const trimmed = trimmedText(value);
      return typeof trimmed === 'string' ? normaliseMobile(trimmed) : trimmed;
    },
    z
      .string({ error: missingMessage })
      .min(1, { error: missingMessage, abort: true })
      .max(20, { error: INVALID_MOBILE_MESSAGE, abort: true })
      .regex(MAINLAND_MOBILE, INVALID_MOBILE_MESSAGE),
  );

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(trimmedText, z.enum(values, { error: message }));

/** Joins every failed rule's message with ',' like a Laravel FormRequest (duplicates once). */
export function joinIssueMessages(error: z.ZodError): string {
  const messages = error.issues.map((issue) => issue.message);
  return [...new Set(messages)].join(',');
}
