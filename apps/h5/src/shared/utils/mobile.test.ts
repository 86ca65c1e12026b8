import { describe, expect, it } from 'vitest';
import { isChinaMobilePhone, maskMobile } from './mobile';

describe('isChinaMobilePhone', () => {
  it.each(['13800000000', '15912345678', '19999999999', '13000000001'])('accepts %s', (m) => {
    expect(isChinaMobilePhone(m)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['12800000000', 'second digit 2'],
    ['10800000000', 'second digit 0'],
    ['1380000000', '10 digits'],
    ['138000000000', '12 digits'],
    ['23800000000', 'not starting with 1'],
    ['1,800000000', 'comma as second character (upstream regex bug)'],
    ['1380000000a', 'letter'],
    [' 13800000000', 'leading space'],
  ])('rejects %s (%s)', (m) => {
    expect(isChinaMobilePhone(m)).toBe(false);
  });
});

describe('maskMobile', () => {
  it('keeps the first three and the last four digits', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
  });
});
