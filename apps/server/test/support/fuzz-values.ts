/**
 * Hostile values for the fuzz tests (the whole API in test/fuzz.test.ts, the console in
 * modules/admin/admin-input.test.ts): control characters, lone surrogates, very long text, SQL,
 * HTML, odd numbers, wrong types; and a small seeded random generator so a run can be repeated.
 */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '13800000000\u0000',
  '\u0001\u0002\u001b[31m',
  '\ud800',
  '\udfff\ud800x',
  '\u202e\u200b',
  '😀'.repeat(40),
  'x'.repeat(70_000),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  ' ',
  '',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'NaN',
  '13800000000',
  'login',
  'alipay',
];
export const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_STRINGS,
  null,
  true,
  -1,
  0,
  1.5,
  2 ** 53,
  -(2 ** 31),
  1e308,
  [],
  ['\u0000'],
  {},
  { $gt: '' },
  { toString: 'x' },
  [[[[[]]]]],
];
export const PATH_VALUES = [
  '1',
  '0',
  '-1',
  'abc',
  '%00',
  '%E0%A4%A',
  '%C0%AE',
  '9'.repeat(40),
  '%F0%9F%98%80',
  'qq',
  'wechat',
  '..%2f..%2f',
  '%u0000',
  'a%20b',
  '1%0d%0aSet-Cookie:x=1',
];

/** encodeURIComponent, except that a lone surrogate becomes the (invalid UTF-8) bytes %ED%A0%80. */
export function encode(text: string): string {
  return Array.from(text, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}
