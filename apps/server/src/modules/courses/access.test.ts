import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo, VideoDetail } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  addCourse,
  addVideo,
  FUTURE,
  grantCourse,
  makeVip,
  newMember,
  PAST,
  type TestMember,
} from '../../../test/support/courses';

const FULL_URL = 'https://cdn.example.com/full.m3u8';
const TRIAL_URL = 'https://cdn.example.com/trial.m3u8';

describe('access rules: video detail, playinfo, attachments', () => {
  let t: TestApp;
  let member: TestMember;
  let buyer: TestMember;
  let vip: TestMember;
  let expiredVip: TestMember;

  let freeCourse: number;
  let paidCourse: number;
  let noVipCourse: number;
  let paidVideo: number;
  let freeVideo: number;
  let trialVideo: number;
  let trialNoRendition: number;
  let noVipVideo: number;
  let freeCourseVideo: number;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    [member, buyer, vip, expiredVip] = [
      await newMember(t),
      await newMember(t),
      await newMember(t),
      await newMember(t),
    ];
    freeCourse = await addCourse(db, { is_free: 1 });
    paidCourse = await addCourse(db, { charge: 9900 });
    noVipCourse = await addCourse(db, { charge: 9900, is_vip_free: 0 });
    freeCourseVideo = await addVideo(db, freeCourse, { url: '/demo/video/intro.mp4', duration: 6 });
    paidVideo = await addVideo(db, paidCourse, { url: FULL_URL, trial_url: TRIAL_URL });
    freeVideo = await addVideo(db, paidCourse, { url: FULL_URL, is_free: 1 });
    trialVideo = await addVideo(db, paidCourse, { url: FULL_URL, trial_url: TRIAL_URL, free_seconds: 30 });
    trialNoRendition = await addVideo(db, paidCourse, { url: FULL_URL, free_seconds: 30 });
    noVipVideo = await addVideo(db, noVipCourse, { url: FULL_URL });
    await grantCourse(db, buyer.id, paidCourse, 99);
    await makeVip(db, vip.id, FUTURE);
    await makeVip(db, expiredVip.id, PAST);
  });
  afterAll(() => t.close());

  const playinfo = (videoId: number, token?: string, query = '?is_try=0') =>
    t.request<PlayInfo>({ method: 'GET', url: `/api/v2/video/${videoId}/playinfo${query}`, token });
  const detail = (videoId: number, token?: string) =>
    t.request<VideoDetail>({ method: 'GET', url: `/api/v2/video/${videoId}`, token });

  it('needs a login for playinfo', async () => {
    expect(await playinfo(freeCourseVideo)).toMatchObject({ code: 401, message: '请登录', data: [] });
  });

  it('free course: any member gets the full URL (site paths made absolute)', async () => {
    const res = await playinfo(freeCourseVideo, member.token);
    expect(res.data).toEqual({
      urls: [{ url: 'http://api.test/demo/video/intro.mp4', format: 'mp4', duration: 6, name: '' }],
      trial_seconds: 0,
    });
    expect((await detail(freeCourseVideo, member.token)).data.is_watch).toBe(true);
  });

  it('free video of a paid course: full URL for any member', async () => {
    expect((await playinfo(freeVideo, member.token)).data.urls[0].url).toBe(FULL_URL);
    expect((await detail(freeVideo, member.token)).data.is_watch).toBe(true);
  });

  it('paid video: refused without purchase, full URL for the buyer only', async () => {
    expect(await playinfo(paidVideo, member.token)).toMatchObject({ code: 1, message: '请购买后观看' });
    expect((await detail(paidVideo, member.token)).data.is_watch).toBe(false);
    expect((await playinfo(paidVideo, buyer.token)).data).toEqual({
      urls: [{ url: FULL_URL, format: 'm3u8', duration: 600, name: '' }],
      trial_seconds: 0,
    });
    expect((await detail(paidVideo, buyer.token)).data.is_watch).toBe(true);
  });

  it('active VIP studies VIP-free courses; not courses that exclude VIPs; an expired VIP nothing', async () => {
    expect((await playinfo(paidVideo, vip.token)).data.urls[0].url).toBe(FULL_URL);
    expect(await playinfo(noVipVideo, vip.token)).toMatchObject({ code: 1, message: '请购买后观看' });
    expect(await playinfo(paidVideo, expiredVip.token)).toMatchObject({ code: 1, message: '请购买后观看' });
    expect((await detail(paidVideo, expiredVip.token)).data.is_watch).toBe(false);
    const course = await t.request<{ isBuy: boolean }>({
      method: 'GET',
      url: `/api/v2/course/${paidCourse}`,
      token: vip.token,
    });
    expect(course.data.isBuy).toBe(true);
    const excluded = await t.request<{ isBuy: boolean }>({
      method: 'GET',
      url: `/api/v2/course/${noVipCourse}`,
      token: vip.token,
    });
    expect(excluded.data.isBuy).toBe(false);
  });

  it('trial: an unentitled member gets only the trial rendition, never the full URL', async () => {
    const res = await playinfo(trialVideo, member.token, '?is_try=1');
    expect(res.data).toEqual({
      urls: [{ url: TRIAL_URL, format: 'm3u8', duration: 30, name: '试看' }],
      trial_seconds: 30,
    });
    expect(JSON.stringify(res.data)).not.toContain(FULL_URL);
    // Presence of is_try asks for the trial, whatever its value (MeEdu).
    expect((await playinfo(trialVideo, member.token, '?is_try=0')).data.trial_seconds).toBe(30);
    expect(await playinfo(trialVideo, member.token, '')).toMatchObject({ code: 1, message: '请购买后观看' });
    const bare = await playinfo(trialNoRendition, member.token, '?is_try=1');
    expect(bare.data).toEqual({ urls: [], trial_seconds: 30 });
    expect((await detail(trialVideo, member.token)).data.is_watch).toBe(false);
    // Buyers get the full video even when they ask for a trial.
    expect((await playinfo(trialVideo, buyer.token, '?is_try=1')).data).toMatchObject({
      urls: [{ url: FULL_URL }],
      trial_seconds: 0,
    });
  });

  it('a lesson bought alone (MeEdu before v4.7) plays in full for its buyer, the rest of the course does not', async () => {
    const { db } = t.services;
    const lessonBuyer = await newMember(t);
    await db
      .insertInto('user_videos')
      .values({ user_id: lessonBuyer.id, video_id: paidVideo, charge: 900 })
      .execute();
    expect((await playinfo(paidVideo, lessonBuyer.token)).data.urls[0].url).toBe(FULL_URL);
    expect((await detail(paidVideo, lessonBuyer.token)).data.is_watch).toBe(true);
    expect((await playinfo(trialVideo, lessonBuyer.token)).data.urls[0].url).toBe(TRIAL_URL);
    expect((await playinfo(trialNoRendition, lessonBuyer.token)).data).toEqual({
      urls: [],
      trial_seconds: 30,
    });
    expect((await playinfo(trialVideo, lessonBuyer.token, '')).message).toBe('请购买后观看');
    const course = await t.request<{ isBuy: boolean; buyVideos: number[] }>({
      method: 'GET',
      url: `/api/v2/course/${paidCourse}`,
      token: lessonBuyer.token,
    });
    expect(course.data).toMatchObject({ isBuy: false, buyVideos: [paidVideo] });
    expect((await playinfo(paidVideo, member.token)).message).toBe('请购买后观看');
  });

  it('a purchase by another member grants nothing', async () => {
    const other = await newMember(t);
    expect(await playinfo(paidVideo, other.token)).toMatchObject({ code: 1, message: '请购买后观看' });
  });

  it('unpublished or hidden videos and unpublished or deleted courses answer 错误, even to buyers', async () => {
    const { db } = t.services;
    const laterVideo = await addVideo(db, paidCourse, { published_at: FUTURE });
    const hiddenVideo = await addVideo(db, paidCourse, { is_show: 0 });
    const deletedCourse = await addCourse(db, { charge: 900, deleted_at: PAST });
    const laterCourse = await addCourse(db, { charge: 900, published_at: FUTURE });
    const inDeleted = await addVideo(db, deletedCourse);
    const inLater = await addVideo(db, laterCourse);
    await grantCourse(db, buyer.id, deletedCourse);
    await grantCourse(db, buyer.id, laterCourse);
    for (const id of [laterVideo, hiddenVideo, inDeleted, inLater, 999999]) {
      expect(await playinfo(id, buyer.token)).toMatchObject({ code: 1, message: '错误' });
      expect(await detail(id, buyer.token)).toMatchObject({ code: 1, message: '错误' });
      expect(
        await t.request({
          method: 'POST',
          url: `/api/v2/video/${id}/record`,
          payload: { duration: 5 },
          token: buyer.token,
        }),
      ).toMatchObject({ code: 1, message: '错误' });
    }
    expect(await playinfo(0, buyer.token)).toMatchObject({ code: 1, message: '错误' });
    expect(await playinfo('x' as unknown as number, buyer.token)).toMatchObject({
      code: 1,
      message: '参数错误',
    });
  });

  it('video detail: shape, guest view, view counter and the learning record', async () => {
    const guest = await detail(paidVideo);
    expect(guest.code).toBe(0);
    expect(guest.data).toMatchObject({ is_watch: false, video_watched_progress: [], buy_videos: [] });
    expect(guest.data.video).toMatchObject({ id: paidVideo, course_id: paidCourse, chapter_id: 0 });
    expect(guest.data.course).toMatchObject({ id: paidCourse, charge: 99, render_desc: '' });
    expect(guest.data.chapters).toEqual([]);
    expect(Array.isArray(guest.data.videos)).toBe(true);
    const again = await detail(paidVideo);
    expect(again.data.video.view_num).toBe(guest.data.video.view_num + 1);

    const learner = await newMember(t);
    await detail(paidVideo, learner.token);
    const none = await t.services.db
      .selectFrom('course_learn_records')
      .selectAll()
      .where('user_id', '=', learner.id)
      .execute();
    expect(none).toEqual([]);
    await detail(freeCourseVideo, learner.token);
    const rows = await t.services.db
      .selectFrom('course_learn_records')
      .selectAll()
      .where('user_id', '=', learner.id)
      .execute();
    expect(rows.map((r) => r.course_id)).toEqual([freeCourse]);
  });

  it('video comments: is_watch rule to post, list newest first', async () => {
    const post = (id: number, token: string) =>
      t.request({
        method: 'POST',
        url: `/api/v2/video/${id}/comment`,
        payload: { content: '这一节讲得真好' },
        token,
      });
    expect(await post(paidVideo, member.token)).toMatchObject({ code: 1, message: '无权限' });
    expect(await post(freeVideo, member.token)).toMatchObject({ code: 0 });
    expect(await post(paidVideo, buyer.token)).toMatchObject({ code: 0 });
    const list = await t.request<{ comments: { user_id: number; render_content: string }[] }>({
      method: 'GET',
      url: `/api/v2/video/${paidVideo}/comments`,
    });
    expect(list.data.comments.map((c) => c.user_id)).toEqual([buyer.id]);
    expect(await t.request({ method: 'GET', url: '/api/v2/video/999999/comments' })).toMatchObject({
      code: 1,
      message: '错误',
    });
  });

  describe('attachment download', () => {
    it('streams a local file to entitled members, refuses others, redirects URL attachments', async () => {
      const fs = await import('node:fs');
      const path = await import('node:path');
      const { db, env } = t.services;
      const dir = path.join(env.dataDir, 'attach', 'c');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'slides.txt'), 'hello slides');
      const local = await db
        .insertInto('course_attachments')
        .values({ course_id: paidCourse, name: '讲义.txt', path: 'c/slides.txt', size: 12, extension: 'txt' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const remote = await db
        .insertInto('course_attachments')
        .values({ course_id: freeCourse, name: 'remote.pdf', path: 'https://files.example.com/r.pdf' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const escape = await db
        .insertInto('course_attachments')
        .values({ course_id: freeCourse, name: 'bad', path: '../../etc/passwd' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const download = (id: number, token?: string) =>
        t.app.inject({
          method: 'GET',
          url: `/api/v2/course/attach/${id}/download${token ? `?token=${token}` : ''}`,
        });

      expect((await download(local.id)).json()).toMatchObject({ code: 401, message: '请登录' });
      expect((await download(local.id, member.token)).json()).toMatchObject({
        code: 1,
        message: '请购买课程',
      });
      const ok = await download(local.id, buyer.token);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('hello slides');
      expect(ok.headers['content-disposition']).toContain("filename*=UTF-8''%E8%AE%B2%E4%B9%89.txt");
      const redirected = await download(remote.id, member.token);
      expect(redirected.statusCode).toBe(302);
      expect(redirected.headers.location).toBe('https://files.example.com/r.pdf');
      expect((await download(escape.id, member.token)).json()).toMatchObject({ code: 1, message: '错误' });
      expect((await download(999999, member.token)).json()).toMatchObject({ code: 1, message: '错误' });
      const counted = await db
        .selectFrom('course_attachments')
        .select('download_times')
        .where('id', '=', local.id)
        .executeTakeFirstOrThrow();
      expect(counted.download_times).toBe(1);
    });

    it('answers a download address with a single-use ticket for this attachment only (v3)', async () => {
      const { db } = t.services;
      const attachment = await db
        .insertInto('course_attachments')
        .values({ course_id: paidCourse, name: 'notes.pdf', path: 'https://files.example.com/n.pdf' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const other = await db
        .insertInto('course_attachments')
        .values({ course_id: paidCourse, name: 'other.pdf', path: 'https://files.example.com/o.pdf' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const addressFor = (courseId: number, token?: string) =>
        t.request<{ download_url: string }>({
          method: 'GET',
          url: `/api/v3/course/${courseId}/attach/${attachment.id}`,
          token,
        });

      expect(await addressFor(paidCourse)).toMatchObject({ code: 401 });
      expect(await addressFor(paidCourse, member.token)).toMatchObject({ code: 1, message: '请购买课程' });
      expect(await addressFor(freeCourse, buyer.token)).toMatchObject({ code: 1, message: '错误' });
      const { data } = await addressFor(paidCourse, buyer.token);
      const url = new URL(data.download_url);
      expect(url.origin + url.pathname).toBe('http://api.test/api/v3/course/attach-download');
      expect(url.searchParams.get('token')).toBeNull();
      const sign = url.searchParams.get('sign')!;
      const download = (query: string) =>
        t.app.inject({ method: 'GET', url: `/api/v3/course/attach-download${query}` });

      // the ticket names the file: it opens that attachment only, and the v2 path of another refuses it
      const elsewhere = await t.app.inject({
        method: 'GET',
        url: `/api/v2/course/attach/${other.id}/download?ticket=${sign}`,
      });
      expect(elsewhere.json()).toMatchObject({ code: 401 });
      const second = await addressFor(paidCourse, buyer.token);
      const fresh = new URL(second.data.download_url).searchParams.get('sign')!;
      const first = await download(`?sign=${fresh}`);
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('https://files.example.com/n.pdf');
      expect((await download(`?sign=${fresh}`)).json()).toEqual({ code: 1, message: '参数错误', data: [] });
      expect((await download('')).json()).toEqual({ code: 1, message: '参数错误', data: [] });
      expect((await download('?sign=forged')).json()).toEqual({ code: 1, message: '参数错误', data: [] });
    });

    it('checks access again when the signed address is opened', async () => {
      const { db } = t.services;
      const attachment = await db
        .insertInto('course_attachments')
        .values({ course_id: paidCourse, name: 'late.pdf', path: 'https://files.example.com/late.pdf' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const refunded = await newMember(t);
      await grantCourse(db, refunded.id, paidCourse, 99);
      const { data } = await t.request<{ download_url: string }>({
        method: 'GET',
        url: `/api/v3/course/${paidCourse}/attach/${attachment.id}`,
        token: refunded.token,
      });
      await db.deleteFrom('user_courses').where('user_id', '=', refunded.id).execute();
      const address = new URL(data.download_url);
      const opened = await t.app.inject({ method: 'GET', url: address.pathname + address.search });
      expect(opened.json()).toMatchObject({ code: 1, message: '请购买课程' });
    });
  });
});
