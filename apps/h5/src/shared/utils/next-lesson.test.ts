import type { CourseVideo, VideoWatchProgress } from '@kezhan/contract/courses';
import { describe, expect, it } from 'vitest';
import { courseProgressView, lessonOrder } from './next-lesson';

const lesson = (id: number) => ({ id, title: `第${id}课` }) as CourseVideo;
const record = (video_id: number, watched: boolean, updated_at: string) =>
  ({
    video_id,
    watch_seconds: 30,
    watched_at: watched ? '2026-03-01 10:00:00' : null,
    updated_at,
  }) as VideoWatchProgress;

describe('where a member goes on in a course', () => {
  const chapters = [{ id: 2 }, { id: 1 }] as never;
  const order = lessonOrder(chapters, { '1': [lesson(11), lesson(12)], '2': [lesson(21)], '0': [lesson(1)] });

  it('orders lessons chapter by chapter, then those without a chapter', () => {
    expect(order.map((v) => v.id)).toEqual([21, 11, 12, 1]);
    expect(lessonOrder([], [])).toEqual([]);
  });

  it('a course not started begins at its first lesson', () => {
    expect(courseProgressView(order, [])).toEqual({ started: false, next: order[0] });
  });

  it('goes back into the lesson seen last while it is unfinished', () => {
    const progress = {
      '21': record(21, true, '2026-03-01T01:00:00Z'),
      '11': record(11, false, '2026-03-01T02:00:00Z'),
    };
    expect(courseProgressView(order, progress).next?.id).toBe(11);
  });

  it('after a finished lesson, the next unfinished one — never one already finished', () => {
    const progress = {
      '11': record(11, true, '2026-03-01T03:00:00Z'),
      '12': record(12, true, '2026-03-01T01:00:00Z'),
      '21': record(21, false, '2026-03-01T00:00:00Z'),
    };
    // 11 was seen last and is finished, 12 is finished too: 1 is next (then 21 from the start).
    expect(courseProgressView(order, progress)).toEqual({ started: true, next: lesson(1) });
    expect(
      courseProgressView(order, { ...progress, '1': record(1, true, '2026-03-01T00:30:00Z') }).next?.id,
    ).toBe(21);
    // the caller may name the last lesson (the 在学 answer's last_view_video)
    expect(courseProgressView(order, progress, 21).next?.id).toBe(21);
  });

  it('nothing is next when every lesson is finished', () => {
    const all = Object.fromEntries(
      order.map((v, i) => [String(v.id), record(v.id, true, `2026-03-01T0${i}:00:00Z`)]),
    );
    expect(courseProgressView(order, all)).toEqual({ started: true, next: null });
  });
});
