import type { z } from 'zod';
import { joinIssueMessages } from '@kezhan/contract/validation';
import { BusinessError } from './errors';

/** Parses request input with a contract schema; failures become one joined Chinese message. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const source = input !== null && typeof input === 'object' && !Array.isArray(input) ? input : {};
  const result = schema.safeParse(source);
  if (!result.success) throw new BusinessError(joinIssueMessages(result.error));
  return result.data;
}

/** Route ids must be positive integers (MeEdu's `\d+` pattern); anything else is "not found". */
export function parseId(value: unknown): number {
  const text = String(value ?? '');
  if (!/^\d{1,9}$/.test(text)) throw new BusinessError('参数错误');
  return Number(text);
}
