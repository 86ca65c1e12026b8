import { z } from 'zod';
import {
  CONTROL_CHARACTER_MESSAGE,
  CONTROL_CHARACTERS,
  INVALID_MOBILE_MESSAGE,
  MAINLAND_MOBILE,
  normaliseMobile,
} from './rules';
import { formatFen, yuanFormatMessage, yuanToFen } from './money';

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

/**
 * A money field: yuan as a number or text with at most two decimals (19.9, '0.01'), parsed to
 * integer fen for the handler. A third decimal is refused, never rounded.
 */
export const yuanAsFen = (label: string, minFen: number, maxFen: number) =>
  z.union([z.number(), z.string()], { error: `请输入${label}` }).transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `请输入${label}` });
      return z.NEVER;
    }
    const fen = yuanToFen(value);
    if (Number.isNaN(fen)) {
      ctx.addIssue({ code: 'custom', message: yuanFormatMessage(label) });
      return z.NEVER;
    }
    if (fen < minFen || fen > maxFen) {
      ctx.addIssue({
        code: 'custom',
        message: `${label}须在 ${formatFen(minFen)} 到 ${formatFen(maxFen)} 元之间`,
      });
      return z.NEVER;
    }
    return fen;
  });

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** The field an issue is about, for a message: `title`, `items.0.name`; the request as a whole: 参数. */
const fieldOf = (issue: z.core.$ZodIssue) => (issue.path.length ? issue.path.map(String).join('.') : '参数');

const sizeUnit = (origin: string) =>
  origin === 'string' ? '个字符' : origin === 'array' || origin === 'set' ? '项' : '';

/**
 * A Chinese message naming the field for an issue whose rule set none (zod's own are English:
 * "Too big: expected string to have <=64 characters", "Invalid input: expected string, received
 * array"). Every issue kind zod raises has one.
 */
function chineseIssueMessage(issue: z.core.$ZodIssue): string {
  const field = fieldOf(issue);
  switch (issue.code) {
    case 'invalid_type':
      return `${field}的类型不正确`;
    case 'too_big': {
      const unit = sizeUnit(issue.origin);
      return unit ? `${field}不能超过${issue.maximum}${unit}` : `${field}不能大于${issue.maximum}`;
    }
    case 'too_small': {
      const unit = sizeUnit(issue.origin);
      if (unit)
        return Number(issue.minimum) <= 1 ? `${field}不能为空` : `${field}至少需要${issue.minimum}${unit}`;
      return `${field}不能小于${issue.minimum}`;
    }
    case 'invalid_format':
      return `${field}的格式不正确`;
    case 'not_multiple_of':
      return `${field}必须是${issue.divisor}的倍数`;
    case 'unrecognized_keys':
      return `不支持的参数：${issue.keys.join('、')}`;
    case 'invalid_value':
      return `${field}的取值不在允许范围内`;
    default:
      return `${field}不正确`;
  }
}

/**
 * Joins every failed rule's message with ',' like a Laravel FormRequest (duplicates once); a rule
 * without a Chinese message of its own gets one naming the field, so no answer carries English.
 */
export function joinIssueMessages(error: z.ZodError): string {
  const messages = error.issues.map((issue) =>
    HAS_CHINESE.test(issue.message) ? issue.message : chineseIssueMessage(issue),
  );
  return [...new Set(messages)].join(',');
}
