import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditRecordPage, LearnedVideo } from '@kezhan/contract/pc';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCourse, addVideo, FUTURE, grantCourse, newMember } from '../../../test/support/courses';

describe('PC member pages: points history and per-course lesson progress', () => {
  let t: TestApp;
  let clock = new Date('2026-01-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    await t.services.settings.set('credit1_reward.register', '5');
    await t.services.settings.set('credit1_reward.watched_video', '2');
    await t.services.settings.set('credit1_reward.watched_vod_course', '10');
  });
  afterAll(() => t.close());

  it('records every change of points: registration, finished lessons, finished course', async () => {
    const me = await newMember(t);
    const other = await newMember(t);
    const course = await addCourse(t.services.db, { charge: 10 });
    const video = await addVideo(t.services.db, course, { duration: 100 });
    await grantCourse(t.services.db, me.id, course);
    for (let position = 10; position <= 100; position += 10) {
      clock = new Date(clock.getTime() + 10_000);
      await t.request({
        method: 'POST',
        url: `/api/v2/video/${video}/record`,
        token: me.token,
        payload: { duration: position },
      });
    }
    const res = await t.request<CreditRecordPage>({
      method: 'GET',
      url: '/api/v2/member/credit1Records',
      token: me.token,
    });
    expect(res.data.total).toBe(3);
    expect(res.data.data.map((r) => [r.sum, r.remark])).toEqual([
      [10, '学完课程送10积分'],
      [2, '看完视频送2积分'],
      [5, '注册送5积分'],
    ]);
    expect(Object.keys(res.data.data[0]).sort()).toEqual(['created_at', 'remark', 'sum']);
    const paged = await t.request<CreditRecordPage>({
      method: 'GET',
      url: '/api/v2/member/credit1Records?page=2&page_size=2',
      token: me.token,
    });
    expect(paged.data.data.map((r) => r.sum)).toEqual([5]);
    const theirs = await t.request<CreditRecordPage>({
      method: 'GET',
      url: '/api/v2/member/credit1Records',
      token: other.token,
    });
    expect(theirs.data.data.map((r) => r.remark)).toEqual(['注册送5积分']);
    expect((await t.request({ method: 'GET', url: '/api/v2/member/credit1Records' })).code).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/v2/member/credit1Records?page=0', token: me.token }))
        .message,
    ).toBe('参数错误');
  });

  it('lists a course’s published lessons with only the caller’s own watch records', async () => {
    clock = new Date('2026-02-01T04:00:00Z');
    const me = await newMember(t);
    const other = await newMember(t);
    const course = await addCourse(t.services.db, { charge: 10 });
    const first = await addVideo(t.services.db, course, {
      title: '第一课',
      duration: 100,
      published_at: new Date('2025-01-01T00:00:00Z'),
    });
    await addVideo(t.services.db, course, {
      title: '第二课',
      duration: 60,
      published_at: new Date('2025-02-01T00:00:00Z'),
    });
    await addVideo(t.services.db, course, { title: '未发布', published_at: FUTURE });
    await grantCourse(t.services.db, me.id, course);
    await grantCourse(t.services.db, other.id, course);
    await t.request({
      method: 'POST',
      url: `/api/v2/video/${first}/record`,
      token: me.token,
      payload: { duration: 30 },
    });

    const mine = await t.request<LearnedVideo[]>({
      method: 'GET',
      url: `/api/v3/member/learned/course/${course}`,
      token: me.token,
    });
    expect(mine.data.map((v) => v.title)).toEqual(['第一课', '第二课']);
    expect(mine.data[0]).toEqual({
      id: first,
      title: '第一课',
      published_at: '2025-01-01 08:00:00',
      duration: 100,
      watch_record: { watch_seconds: 30, watched_at: null, created_at: '2026-02-01T12:00:00' },
    });
    expect(mine.data[1].watch_record).toBeNull();
    const theirs = await t.request<LearnedVideo[]>({
      method: 'GET',
      url: `/api/v3/member/learned/course/${course}`,
      token: other.token,
    });
    expect(theirs.data.every((v) => v.watch_record === null)).toBe(true);
    expect(
      await t.request({ method: 'GET', url: '/api/v3/member/learned/course/999999', token: me.token }),
    ).toMatchObject({
      code: 404,
      message: '资源不存在',
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/v3/member/learned/course/x', token: me.token })).message,
    ).toBe('参数错误');
  });
});
