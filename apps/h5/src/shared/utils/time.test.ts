import { describe, expect, it } from 'vitest';
import { changeTime } from './time';

const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('changeTime', () => {
  it('shows 刚刚 under a minute and for future dates', () => {
    expect(changeTime(ago(0), NOW)).toBe('刚刚');
    expect(changeTime(ago(59), NOW)).toBe('刚刚');
    expect(changeTime(ago(-3600), NOW)).toBe('刚刚');
  });

  it('shows whole minutes under an hour', () => {
    expect(changeTime(ago(60), NOW)).toBe('1分钟前');
    expect(changeTime(ago(3599), NOW)).toBe('59分钟前');
  });

  it('shows whole hours under a day', () => {
    expect(changeTime(ago(3600), NOW)).toBe('1小时前');
    expect(changeTime(ago(86399), NOW)).toBe('23小时前');
  });

  it('shows whole days under a week', () => {
    expect(changeTime(ago(86400), NOW)).toBe('1天前');
    expect(changeTime(ago(7 * 86400 - 1), NOW)).toBe('6天前');
  });

  it('shows MM-DD HH:mm at UTC+0 under a year', () => {
    expect(changeTime(ago(7 * 86400), NOW)).toBe('06-08 12:00');
    expect(changeTime('2025-01-02T23:30:00Z', NOW)).toBe('01-02 23:30');
    // 08:30 in Beijing is still the previous day at UTC+0.
    expect(changeTime('2025-03-01T08:30:00+08:00', NOW)).toBe('03-01 00:30');
  });

  it('shows YYYY-MM-DD HH:mm at UTC+0 from a year on', () => {
    expect(changeTime(ago(365 * 86400), NOW)).toBe('2024-06-15 12:00');
    expect(changeTime('2020-02-29T16:05:00Z', NOW)).toBe('2020-02-29 16:05');
  });

  it('returns an empty string for invalid dates', () => {
    expect(changeTime('not a date', NOW)).toBe('');
  });
});
