import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DRAG_TOLERANCE_SECONDS, MAX_PLAYBACK_RATE } from './progress';
import { addCourse, addVideo, grantCourse, newMember, type TestMember } from '../../../test/support/courses';

describe('POST /api/v2/video/{id}/record — watch progress', () => {
  let t: TestApp;
  let clock = new Date('2025-01-01T00:00:00Z');
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  let course: number;
  let video: number;
  let second: number;
  let dragVideo: number;
  let trialVideo: number;
  let paidOnly: number;
  let me: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    const { db, settings } = t.services;
    await settings.set('credit1_reward.watched_video', '2');
    await settings.set('credit1_reward.watched_vod_course', '10');
    course = await addCourse(db, { charge: 10 });
    video = await addVideo(db, course, { duration: 100 });
    second = await addVideo(db, course, { duration: 60 });
    dragVideo = await addVideo(db, course, { duration: 1000, ban_drag: 1 });
    const other = await addCourse(db, { charge: 10 });
    trialVideo = await addVideo(db, other, {
      duration: 300,
      free_seconds: 30,
      trial_url: 'https://cdn/t.m3u8',
    });
    paidOnly = await addVideo(db, other, { duration: 300 });
    me = await newMember(t);
    await grantCourse(db, me.id, course);
  });
  afterAll(() => t.close());

  const record = (videoId: number, duration: unknown, token = me.token) =>
    t.request({ method: 'POST', url: `/api/v2/video/${videoId}/record`, payload: { duration }, token });
  const row = (videoId: number, userId = me.id) =>
    t.services.db
      .selectFrom('video_watch_records')
      .selectAll()
      .where('user_id', '=', userId)
      .where('video_id', '=', videoId)
      .execute();

  it('refuses missing, zero, negative, non-numeric and huge positions with 参数错误', async () => {
    for (const bad of [undefined, 0, -5, 'abc', '', null, 1e12, { a: 1 }, [1], Infinity]) {
      const res = await record(video, bad);
      expect(res.statusCode).toBe(200);
      expect(res).toMatchObject({ code: 1, message: '参数错误', data: [] });
    }
    expect(
      await t.request({ method: 'POST', url: `/api/v2/video/${video}/record`, payload: { duration: 5 } }),
    ).toMatchObject({
      code: 401,
    });
  });

  it('keeps one row per member and video, never going back', async () => {
    expect(await record(video, 10)).toMatchObject({ code: 0, message: '', data: [] });
    advance(10);
    await record(video, '20');
    advance(10);
    await record(video, 15);
    await record(video, 15.7);
    const rows = await row(video);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ watch_seconds: 20, watched_at: null, course_id: course });
  });

  it('caps the position at the duration and marks the video watched once, at the end', async () => {
    advance(100);
    await record(video, 96);
    expect((await row(video))[0].watched_at).toBeNull();
    await record(video, 98);
    const first = (await row(video))[0];
    expect(first.watch_seconds).toBe(98);
    expect(first.watched_at).toEqual(clock);
    const watchedAt = first.watched_at;
    advance(10);
    await record(video, 5000);
    const after = (await row(video))[0];
    expect(after.watch_seconds).toBe(100);
    expect(after.watched_at).toEqual(watchedAt);
  });

  it('updates the course progress and pays rewards once per video and once per course', async () => {
    const credits = async () =>
      (
        await t.services.db
          .selectFrom('users')
          .select('credit1')
          .where('id', '=', me.id)
          .executeTakeFirstOrThrow()
      ).credit1;
    const learn = async () =>
      t.services.db
        .selectFrom('course_learn_records')
        .selectAll()
        .where('user_id', '=', me.id)
        .where('course_id', '=', course)
        .executeTakeFirstOrThrow();
    expect(await credits()).toBe(2);
    expect(await learn()).toMatchObject({ progress: 33, is_watched: 0, watched_at: null });
    await record(second, 60);
    await record(second, 60);
    expect(await credits()).toBe(4);
    expect((await learn()).progress).toBe(67);
    // The ban_drag video is long; walk it to the end in real time.
    for (let position = 0; position < 1000;) {
      advance(100);
      position += 100;
      await record(dragVideo, position);
    }
    const done = await learn();
    expect(done).toMatchObject({ progress: 100, is_watched: 1 });
    expect(done.watched_at).toEqual(clock);
    expect(await credits()).toBe(4 + 2 + 10);
  });

  it('ban_drag: a jump beyond the last position plus elapsed time is cut down', async () => {
    const { db } = t.services;
    const drag = await addVideo(db, course, { duration: 1000, ban_drag: 1 });
    await record(drag, 900);
    expect((await row(drag))[0].watch_seconds).toBe(DRAG_TOLERANCE_SECONDS);
    advance(20);
    await record(drag, 900);
    expect((await row(drag))[0].watch_seconds).toBe(
      DRAG_TOLERANCE_SECONDS + 20 * MAX_PLAYBACK_RATE + DRAG_TOLERANCE_SECONDS,
    );
    advance(10);
    await record(drag, 105);
    expect((await row(drag))[0].watch_seconds).toBe(105);
    // Without ban_drag the same jump is accepted.
    const free = await addVideo(db, course, { duration: 1000 });
    await record(free, 900);
    expect((await row(free))[0].watch_seconds).toBe(900);
  });

  it('trial viewers are capped at free_seconds and never marked watched; others are refused', async () => {
    const stranger = await newMember(t);
    await record(trialVideo, 200, stranger.token);
    const rows = await row(trialVideo, stranger.id);
    expect(rows[0]).toMatchObject({ watch_seconds: 30, watched_at: null });
    expect(await record(paidOnly, 10, stranger.token)).toMatchObject({ code: 1, message: '请购买后观看' });
    const learn = await t.services.db
      .selectFrom('course_learn_records')
      .selectAll()
      .where('user_id', '=', stranger.id)
      .execute();
    expect(learn).toEqual([]);
  });

  it('stays consistent under concurrent reports', async () => {
    const { db } = t.services;
    const busy = await addVideo(db, course, { duration: 500 });
    advance(1000);
    await Promise.all([10, 50, 30, 40, 20].map((position) => record(busy, position)));
    const rows = await row(busy);
    expect(rows).toHaveLength(1);
    expect(rows[0].watch_seconds).toBe(50);
  });
});
