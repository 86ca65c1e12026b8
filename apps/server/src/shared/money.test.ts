import { describe, expect, it } from 'vitest';
import { adminRefundBody } from '@kezhan/contract/admin/orders';
import {
  fenToYuan,
  fenToYuanText,
  formatFen,
  percentDiscountFen,
  yuanLabel,
  yuanTextToFen,
  yuanToFen,
} from './money';

describe('money: yuan on the wire, integer fen inside', () => {
  it('reads yuan with up to two decimals exactly, never through a float product', () => {
    // 19.9 × 100 is 1989.9999999999998 in floating point; the digits are read instead.
    expect(19.9 * 100).not.toBe(1990);
    expect(yuanToFen(19.9)).toBe(1990);
    expect(yuanToFen('19.90')).toBe(1990);
    expect(yuanToFen(' 9.7 ')).toBe(970);
    expect(yuanToFen(0.01)).toBe(1);
    expect(yuanToFen(1.1)).toBe(110);
    expect(yuanToFen(0)).toBe(0);
    expect(yuanToFen('20')).toBe(2000);
    expect(yuanToFen(1_000_000)).toBe(100_000_000);
  });

  it('refuses a third decimal, signs, exponents and float noise instead of rounding them', () => {
    for (const bad of [
      19.999,
      '19.901',
      -1,
      '-0.5',
      '1e3',
      1e21,
      1e-7,
      0.1 + 0.2,
      '',
      'abc',
      '1.',
      '.5',
      NaN,
      Infinity,
    ])
      expect(yuanToFen(bad)).toBeNaN();
  });

  it('writes fen as the MeEdu number, the gateway text and the message label', () => {
    expect(fenToYuan(1990)).toBe(19.9);
    expect(fenToYuan(1)).toBe(0.01);
    expect(fenToYuan(1940)).toBe(19.4);
    expect(JSON.stringify({ charge: fenToYuan(1990) })).toBe('{"charge":19.9}');
    expect(fenToYuanText(1990)).toBe('19.90');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(fenToYuanText(0)).toBe('0.00');
    expect(formatFen(2000)).toBe('20');
    expect(yuanLabel(970)).toBe('9.7元');
    expect(yuanTextToFen('30.05')).toBe(3005);
    expect(yuanTextToFen(undefined)).toBeNaN();
  });

  it('every fen amount survives the round trip through the wire', () => {
    for (let fen = 0; fen <= 20_000; fen += 1) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });

  it('rounds a percentage code down to the fen, never above the price', () => {
    expect(percentDiscountFen(1990, 15)).toBe(298);
    expect(percentDiscountFen(1990, 100)).toBe(1990);
    expect(percentDiscountFen(1, 50)).toBe(0);
    expect(percentDiscountFen(99, 1)).toBe(0);
  });

  it('the console refund field takes yuan to the fen and explains a third decimal in Chinese', () => {
    const parse = (amount: unknown) =>
      adminRefundBody.safeParse({ amount, reason: '学员申请', request_key: 'k'.repeat(16) });
    expect(parse(9.7)).toMatchObject({ success: true, data: { amount: 970 } });
    expect(parse('0.01')).toMatchObject({ success: true, data: { amount: 1 } });
    expect(parse(9.701).error?.issues[0].message).toBe('退款金额须为金额，最多两位小数（如 19.9）');
    expect(parse('').error?.issues[0].message).toBe('请输入退款金额');
    expect(parse(undefined).error?.issues[0].message).toBe('请输入退款金额');
    expect(parse(0).error?.issues[0].message).toBe('退款金额须在 0.01 到 1000000 元之间');
  });
});
