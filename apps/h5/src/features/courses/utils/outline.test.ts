import { describe, expect, it } from 'vitest';
import { CHAPTERS, video } from '../test/fixtures';
import { durationText, firstVideo, nextVideo, outlineGroups, watchedPercent } from './outline';

describe('course outline', () => {
  it('orders chapters as displayed, chapter-less videos last, and survives empty chapters', () => {
    const videos = { '0': [video(9, 0)], '12': [video(3, 12)], '11': [] };
    const groups = outlineGroups(CHAPTERS, videos);
    expect(groups.map((g) => [g.chapter?.id ?? null, g.videos.map((v) => v.id)])).toEqual([
      [11, []],
      [12, [3]],
      [null, [9]],
    ]);
    expect(firstVideo(groups)?.id).toBe(3);
    expect(nextVideo(groups, 3)?.id).toBe(9);
    expect(nextVideo(groups, 9)).toBeNull();
  });

  it('reads PHP arrays and empty maps', () => {
    expect(outlineGroups([], [[video(1, 0), video(2, 0)]]).map((g) => g.videos.length)).toEqual([2]);
    expect(outlineGroups([], [])).toEqual([]);
    expect(outlineGroups(CHAPTERS, [])).toHaveLength(2);
  });

  it('computes watched percent and durations', () => {
    const record = {
      id: 1,
      user_id: 1,
      course_id: 1,
      video_id: 5,
      watch_seconds: 30,
      watched_at: null,
      created_at: '',
      updated_at: '',
      deleted_at: null,
    };
    expect(watchedPercent({ '5': record }, { id: 5, duration: 120 })).toBe(25);
    expect(watchedPercent({ '5': { ...record, watched_at: 'x' } }, { id: 5, duration: 120 })).toBe(100);
    expect(watchedPercent([], { id: 5, duration: 120 })).toBe(0);
    expect(durationText(59)).toBe('00:59');
    expect(durationText(3599)).toBe('59:59');
    expect(durationText(3600)).toBe('01:00:00');
  });
});
