import { z } from 'zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  CONTROL_CHARACTERS,
  INVALID_MOBILE_MESSAGE,
  MAINLAND_MOBILE,
  normaliseMobile,
} from './rules';

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
