import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BusinessError } from './errors';
import { validate } from './validate';

/** The message a request with `input` gets from `schema`. */
function messageOf(schema: z.ZodType, input: unknown): string {
  try {
    validate(schema, input);
  } catch (error) {
    if (error instanceof BusinessError) return error.message;
    throw error;
  }
  throw new Error('the input passed');
}

describe('validation messages are Chinese for every kind of zod issue', () => {
  it('names the field for rules that set no message of their own', () => {
    expect(messageOf(z.object({ title: z.string().max(64) }), { title: 'x'.repeat(65) })).toBe(
      'title不能超过64个字符',
    );
    expect(messageOf(z.object({ title: z.string() }), { title: ['a'] })).toBe('title的类型不正确');
    expect(messageOf(z.object({ tags: z.array(z.string()).max(2) }), { tags: ['a', 'b', 'c'] })).toBe(
      'tags不能超过2项',
    );
    expect(messageOf(z.object({ page: z.number().min(1) }), { page: 0 })).toBe('page不能小于1');
    expect(messageOf(z.object({ page: z.number().max(9) }), { page: 10 })).toBe('page不能大于9');
    expect(messageOf(z.object({ name: z.string().min(1) }), { name: '' })).toBe('name不能为空');
    expect(messageOf(z.object({ email: z.email() }), { email: 'nope' })).toBe('email的格式不正确');
    expect(messageOf(z.object({ kind: z.enum(['a', 'b']) }), { kind: 'c' })).toBe('kind的取值不在允许范围内');
    expect(messageOf(z.object({ n: z.number().multipleOf(5) }), { n: 7 })).toBe('n必须是5的倍数');
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toBe('不支持的参数：b、c');
    expect(
      messageOf(z.object({ items: z.array(z.object({ id: z.number() })) }), { items: [{ id: 'x' }] }),
    ).toBe('items.0.id的类型不正确');
    expect(messageOf(z.object({ v: z.union([z.number(), z.boolean()]) }), { v: 'x' })).toBe('v不正确');
  });

  it('keeps the Chinese message a rule sets, and says each message once', () => {
    const schema = z.object({ a: z.string({ error: '请输入标题' }), b: z.string({ error: '请输入标题' }) });
    expect(messageOf(schema, {})).toBe('请输入标题');
  });
});
