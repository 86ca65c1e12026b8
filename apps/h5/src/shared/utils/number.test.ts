import { describe, expect, it } from 'vitest';
import { clampNumber } from './number';

describe('clampNumber', () => {
  it('clamps to min and max', () => {
    expect(clampNumber(0, 1, 10)).toBe(1);
    expect(clampNumber(11, 1, 10)).toBe(10);
    expect(clampNumber(5, 1, 10)).toBe(5);
  });

  it('parses strings', () => {
    expect(clampNumber('7', 1, 10)).toBe(7);
    expect(clampNumber('99', 1, 10)).toBe(10);
  });

  it('falls back to min for empty or invalid input', () => {
    expect(clampNumber('', 1, 10)).toBe(1);
    expect(clampNumber('abc')).toBe(0);
  });

  it('works with a single bound', () => {
    expect(clampNumber(-5, 0)).toBe(0);
    expect(clampNumber(500, undefined, 100)).toBe(100);
  });
});
