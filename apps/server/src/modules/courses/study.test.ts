import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoughtCourseList, LearnedCourseList, LikedCourseList } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  addCourse,
  addVideo,
  grantCourse,
  newMember,
  PAST,
  type TestMember,
} from '../../../test/support/courses';

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const RAW = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('study lists', () => {
  let t: TestApp;
  let me: TestMember;
  let other: TestMember;
  let bought: number;
  let liked: number;
  let free: number;
  let v1: number;
  let v2: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    me = await newMember(t);
    other = await newMember(t);
    bought = await addCourse(db, { title: '已购课程', charge: 3000, thumb: '/demo/covers/b.png' });
    liked = await addCourse(db, { title: '收藏课程', charge: 1990 });
    free = await addCourse(db, { title: '免费课程', is_free: 1 });
    v1 = await addVideo(db, bought, { title: '第一节', duration: 10 });
    v2 = await addVideo(db, bought, { title: '第二节', duration: 10 });
    await addVideo(db, bought, { title: '隐藏', is_show: 0 });
    await addVideo(db, free, { title: '免费一节', duration: 10 });
    await db
      .insertInto('user_courses')
      .values({
        user_id: me.id,
        course_id: bought,
        charge: 3000,
        created_at: new Date('2024-06-01T04:00:00Z'),
      })
      .execute();
    await grantCourse(db, other.id, liked);
    await t.request({ method: 'GET', url: `/api/v2/course/${liked}/like`, token: me.token });
    await t.request({
      method: 'POST',
      url: `/api/v2/video/${v1}/record`,
      payload: { duration: 10 },
      token: me.token,
    });
    await t.request({
      method: 'POST',
      url: `/api/v2/video/${v2}/record`,
      payload: { duration: 4 },
      token: me.token,
    });
  });
  afterAll(() => t.close());

  const list = <T>(path: string, token = me.token, query = '?page=1&size=10&type=vod') =>
    t.request<T>({ method: 'GET', url: `/api/v3/member/courses${path}${query}`, token });

  it('needs a login', async () => {
    for (const path of ['', '/like', '/learned']) {
      expect(await t.request({ method: 'GET', url: `/api/v3/member/courses${path}` })).toMatchObject({
        code: 401,
      });
    }
  });

  it('订阅: bought courses with learned count, last video and watch record', async () => {
    const res = await list<BoughtCourseList>('');
    expect(res.data.total).toBe(1);
    const row = res.data.data[0];
    expect(row).toEqual({
      course_id: bought,
      user_id: me.id,
      charge: 30,
      created_at: '2024-06-01 12:00:00',
      learned_count: 1,
      watch_record: {
        id: expect.any(Number),
        course_id: bought,
        user_id: me.id,
        is_watched: 0,
        watched_at: null,
        progress: 50,
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      },
      last_view_video: {
        id: expect.any(Number),
        user_id: me.id,
        course_id: bought,
        video_id: v2,
        watch_seconds: 4,
        watched_at: null,
        created_at: expect.stringMatching(RAW),
        updated_at: expect.stringMatching(RAW),
        video: { id: v2, title: '第二节', duration: 10, published_at: '2024-01-01 08:00:00' },
      },
      course: {
        id: bought,
        title: '已购课程',
        thumb: 'http://api.test/demo/covers/b.png',
        charge: 30,
        videos_count: 3,
      },
    });
  });

  it('收藏: liked courses with [] for what is missing', async () => {
    const res = await list<LikedCourseList>('/like');
    expect(res.data.total).toBe(1);
    expect(res.data.data[0]).toEqual({
      course_id: liked,
      user_id: me.id,
      created_at: expect.stringMatching(ISO),
      learned_count: 0,
      watch_record: [],
      last_view_video: [],
      course: { id: liked, title: '收藏课程', thumb: '', charge: 19.9, videos_count: 0 },
    });
  });

  it('在学: studied courses, most recent first, with is_subscribe', async () => {
    const freeVideo = (
      await t.services.db
        .selectFrom('videos')
        .select('id')
        .where('course_id', '=', free)
        .executeTakeFirstOrThrow()
    ).id;
    await t.request({ method: 'GET', url: `/api/v2/video/${freeVideo}`, token: me.token });
    const res = await list<LearnedCourseList>('/learned');
    expect(res.data.total).toBe(2);
    expect(res.data.data.map((r) => [r.course_id, r.is_subscribe])).toEqual([
      [free, 0],
      [bought, 1],
    ]);
    expect(res.data.data[1]).toMatchObject({
      id: expect.any(Number),
      user_id: me.id,
      is_watched: 0,
      watched_at: null,
      progress: 50,
      learned_count: 1,
      created_at: expect.stringMatching(ISO),
      updated_at: expect.stringMatching(ISO),
      last_view_video: { video_id: v2 },
      course: { id: bought, videos_count: 3 },
    });
    expect(res.data.data[0].last_view_video).toEqual([]);
  });

  it('pages with page and size, and shows [] for a deleted course', async () => {
    const page2 = await list<LearnedCourseList>('/learned', me.token, '?page=2&size=1');
    expect(page2.data.total).toBe(2);
    expect(page2.data.data.map((r) => r.course_id)).toEqual([bought]);
    await t.services.db.updateTable('courses').set({ deleted_at: PAST }).where('id', '=', liked).execute();
    const likes = await list<LikedCourseList>('/like');
    expect(likes.data.data[0].course).toEqual([]);
    expect(await list('/learned', me.token, '?page=x')).toMatchObject({ code: 1, message: '参数错误' });
  });

  it('shows each member only their own rows', async () => {
    const res = await list<BoughtCourseList>('', other.token);
    expect(res.data.data.map((r) => r.course_id)).toEqual([liked]);
    expect((await list<LearnedCourseList>('/learned', other.token)).data).toEqual({ data: [], total: 0 });
  });
});
