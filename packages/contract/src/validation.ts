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

export const requiredText = (message: string, maxLength = 255) =>
  z.preprocess(trimmedText, z.string({ error: message }).min(1, message).max(maxLength, message));

/** Passwords are never trimmed (Laravel's TrimStrings skips them). */
export const requiredSecret = (message: string, maxLength = 255) =>
  z.preprocess(numberAsText, z.string({ error: message }).min(1, message).max(maxLength, message));

export const optionalText = (message = '参数错误', maxLength = 255) =>
  z.preprocess(trimmedText, z.string({ error: message }).max(maxLength, message).optional());

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(trimmedText, z.enum(values, { error: message }));

/** Joins every failed rule's message with ',' like a Laravel FormRequest (duplicates once). */
export function joinIssueMessages(error: z.ZodError): string {
  const messages = error.issues.map((issue) => issue.message);
  return [...new Set(messages)].join(',');
}
