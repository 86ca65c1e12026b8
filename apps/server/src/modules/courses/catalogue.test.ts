import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CommentList,
  CourseCategory,
  CourseDetail,
  CourseListPage,
  VideoWatchProgress,
} from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  addCategory,
  addChapter,
  addCourse,
  addVideo,
  FUTURE,
  grantCourse,
  newMember,
  PAST,
  type TestMember,
} from '../../../test/support/courses';

describe('course catalogue', () => {
  let t: TestApp;
  let backend: number;
  let python: number;
  let design: number;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.services;
    backend = await addCategory(db, '后端开发', 0, 2);
    python = await addCategory(db, 'Python', backend, 1);
    design = await addCategory(db, '设计', 0, 1);
    alice = await newMember(t);
    bob = await newMember(t);
  });
  afterAll(() => t.close());

  it('lists top-level categories by sort with their children', async () => {
    const res = await t.request<CourseCategory[]>({ method: 'GET', url: '/api/v2/course_categories' });
    expect(res.code).toBe(0);
    expect(res.data).toEqual([
      { id: design, name: '设计', parent_id: 0, sort: 1, children: [] },
      {
        id: backend,
        name: '后端开发',
        parent_id: 0,
        sort: 2,
        children: [{ id: python, sort: 1, name: 'Python', parent_id: backend }],
      },
    ]);
  });

  describe('GET /api/v2/courses', () => {
    let listed: number;
    let child: number;
    let free: number;
    beforeAll(async () => {
      const { db } = t.services;
      listed = await addCourse(db, {
        title: '后端入门',
        category_id: backend,
        charge: 1990,
        thumb: '/demo/covers/a.png',
        published_at: new Date('2024-03-01T02:00:00Z'),
        user_count: 5,
      });
      child = await addCourse(db, {
        title: 'Python 数据分析',
        category_id: python,
        is_free: 1,
        published_at: new Date('2024-04-01T02:00:00Z'),
        user_count: 50,
      });
      free = await addCourse(db, {
        title: '设计基础',
        category_id: design,
        is_free: 1,
        is_rec: 1,
        user_count: 1,
      });
      await addCourse(db, { title: '隐藏课程', category_id: backend, is_show: 0 });
      await addCourse(db, { title: '未发布课程', category_id: backend, published_at: FUTURE });
      await addCourse(db, { title: '已删除课程', category_id: backend, deleted_at: PAST });
      await addVideo(db, listed, { title: 'v1' });
      await addVideo(db, listed, { title: 'v2' });
      await addVideo(db, listed, { title: 'hidden', is_show: 0 });
      await addVideo(db, listed, { title: 'later', published_at: FUTURE });
    });

    it('answers the Laravel paginator with exact item shapes and types', async () => {
      const res = await t.request<CourseListPage>({ method: 'GET', url: '/api/v2/courses?page_size=10' });
      expect(res.code).toBe(0);
      const page = res.data;
      expect(page.data.map((c) => c.id)).toEqual([child, listed, free]);
      expect(page).toMatchObject({
        current_page: 1,
        first_page_url: 'api/v2/courses?page=1',
        from: 1,
        last_page: 1,
        last_page_url: 'api/v2/courses?page=1',
        next_page_url: null,
        path: 'api/v2/courses',
        per_page: 10,
        prev_page_url: null,
        to: 3,
        total: 3,
      });
      expect(page.links).toEqual([
        { url: null, label: '&laquo; 上一页', active: false },
        { url: 'api/v2/courses?page=1', label: '1', active: true },
        { url: null, label: '下一页 &raquo;', active: false },
      ]);
      expect(page.data[1]).toEqual({
        id: listed,
        title: '后端入门',
        slug: expect.any(String),
        thumb: 'http://api.test/demo/covers/a.png',
        charge: 19.9,
        short_description: '',
        seo_keywords: '',
        seo_description: '',
        published_at: '2024-03-01 10:00:00',
        is_rec: 0,
        is_show: 1,
        user_count: 5,
        category_id: backend,
        is_free: 0,
        is_vip_free: 1,
        is_allow_comment: 1,
        videos_count: 2,
        category: { id: backend, name: '后端开发' },
      });
      expect(page.data[1]).not.toHaveProperty('render_desc');
    });

    it('filters by a category and its direct children, and by scene', async () => {
      const ids = async (query: string) =>
        (await t.request<CourseListPage>({ method: 'GET', url: `/api/v2/courses?${query}` })).data.data.map(
          (c) => c.id,
        );
      expect(await ids(`category_id=${backend}`)).toEqual([child, listed]);
      expect(await ids(`category_id=${python}`)).toEqual([child]);
      expect(await ids('scene=free')).toEqual([child, free]);
      expect(await ids('scene=sub')).toEqual([child, listed, free]);
      expect(await ids('scene=recom')).toEqual([free]);
      expect(await ids('scene=whatever')).toEqual([child, listed, free]);
      expect(await ids('category_id=999999')).toEqual([]);
    });

    it('pages with page and page_size', async () => {
      const res = await t.request<CourseListPage>({
        method: 'GET',
        url: '/api/v2/courses?page=2&page_size=2',
      });
      expect(res.data.data.map((c) => c.id)).toEqual([free]);
      expect(res.data).toMatchObject({ current_page: 2, from: 3, to: 3, last_page: 2, total: 3 });
      expect(res.data.prev_page_url).toBe('api/v2/courses?page=1');
      const beyond = await t.request<CourseListPage>({
        method: 'GET',
        url: '/api/v2/courses?page=9&page_size=2',
      });
      expect(beyond.data).toMatchObject({ data: [], from: null, to: null, total: 3 });
    });

    it('refuses malformed paging with a Chinese message, never a 500', async () => {
      for (const query of ['page=abc', 'page_size=-1', 'category_id=1e3', 'page=99999999999']) {
        const res = await t.request({ method: 'GET', url: `/api/v2/courses?${query}` });
        expect(res.statusCode).toBe(200);
        expect(res).toMatchObject({ code: 1, message: '参数错误', data: [] });
      }
      const capped = await t.request<CourseListPage>({
        method: 'GET',
        url: '/api/v2/courses?page_size=100000',
      });
      expect(capped.data.per_page).toBe(100);
    });
  });

  describe('GET /api/v2/course/{id}', () => {
    let paid: number;
    let chapterA: number;
    let chapterB: number;
    let v1: number;
    let v2: number;
    let v3: number;
    beforeAll(async () => {
      const { db } = t.services;
      paid = await addCourse(db, {
        title: '付费课程',
        charge: 19900,
        render_desc: '<p>课程介绍</p>',
        is_show: 0,
        published_at: new Date('2024-05-01T02:00:00Z'),
      });
      chapterB = await addChapter(db, paid, '第二章', 2);
      chapterA = await addChapter(db, paid, '第一章', 1);
      v1 = await addVideo(db, paid, {
        chapter_id: chapterA,
        title: '1-1',
        published_at: new Date('2024-05-01T00:00:00Z'),
      });
      v2 = await addVideo(db, paid, { chapter_id: chapterB, title: '2-1', free_seconds: 30, ban_drag: 1 });
      v3 = await addVideo(db, paid, {
        chapter_id: chapterA,
        title: '1-2',
        published_at: new Date('2024-05-02T00:00:00Z'),
      });
      await addVideo(db, paid, { chapter_id: chapterA, title: 'hidden', is_show: 0 });
      await db
        .insertInto('course_attachments')
        .values({ course_id: paid, name: '课件.pdf', path: 'x/slides.pdf', size: 1234, extension: 'pdf' })
        .execute();
    });

    it('answers chapters, videos keyed by chapter, attachments and guest flags with exact types', async () => {
      const res = await t.request<CourseDetail>({ method: 'GET', url: `/api/v2/course/${paid}` });
      expect(res.code).toBe(0);
      const d = res.data;
      expect(d.course).toMatchObject({
        id: paid,
        title: '付费课程',
        charge: 199,
        render_desc: '<p>课程介绍</p>',
        published_at: '2024-05-01 10:00:00',
        is_show: 0,
        is_free: 0,
      });
      expect(d.course).not.toHaveProperty('videos_count');
      expect(d.chapters).toEqual([
        { id: chapterA, course_id: paid, title: '第一章' },
        { id: chapterB, course_id: paid, title: '第二章' },
      ]);
      expect(Array.isArray(d.videos)).toBe(false);
      const videos = d.videos as Record<string, { id: number }[]>;
      expect(Object.keys(videos).sort()).toEqual([String(chapterA), String(chapterB)].sort());
      expect(videos[chapterA].map((v) => v.id)).toEqual([v1, v3]);
      expect(videos[chapterB][0]).toEqual({
        id: v2,
        course_id: paid,
        title: '2-1',
        slug: expect.any(String),
        view_num: 0,
        seo_keywords: '',
        seo_description: '',
        published_at: '2024-01-01 08:00:00',
        charge: 0,
        chapter_id: chapterB,
        duration: 600,
        is_ban_sell: 0,
        is_free: 0,
        free_seconds: 30,
        ban_drag: 1,
        is_allow_comment: 1,
      });
      expect(d.isBuy).toBe(false);
      expect(d.isCollect).toBe(false);
      expect(d.videoWatchedProgress).toEqual([]);
      expect(d.attach).toEqual([{ id: expect.any(Number), name: '课件.pdf', size: 1234, extension: 'pdf' }]);
      expect(d.buyVideos).toEqual([]);
    });

    it('serialises chapter-less videos as a JSON array of one group (PHP array rule)', async () => {
      const { db } = t.services;
      const flat = await addCourse(db, { is_free: 1 });
      const a = await addVideo(db, flat, { published_at: new Date('2024-01-01T00:00:00Z') });
      const b = await addVideo(db, flat, { published_at: new Date('2024-01-02T00:00:00Z') });
      const res = await t.request<CourseDetail>({ method: 'GET', url: `/api/v2/course/${flat}` });
      expect(res.data.chapters).toEqual([]);
      expect(Array.isArray(res.data.videos)).toBe(true);
      expect((res.data.videos as { id: number }[][])[0].map((v) => v.id)).toEqual([a, b]);
      const empty = await addCourse(db);
      expect(
        (await t.request<CourseDetail>({ method: 'GET', url: `/api/v2/course/${empty}` })).data.videos,
      ).toEqual([]);
    });

    it('shows isBuy, isCollect and watch progress to the member who owns them only', async () => {
      await grantCourse(t.services.db, alice.id, paid);
      await t.services.db
        .insertInto('video_watch_records')
        .values({ user_id: alice.id, course_id: paid, video_id: v1, watch_seconds: 42 })
        .execute();
      await t.request({ method: 'GET', url: `/api/v2/course/${paid}/like`, token: alice.token });
      const mine = await t.request<CourseDetail>({
        method: 'GET',
        url: `/api/v2/course/${paid}`,
        token: alice.token,
      });
      expect(mine.data.isBuy).toBe(true);
      expect(mine.data.isCollect).toBe(true);
      const progress = mine.data.videoWatchedProgress as Record<string, VideoWatchProgress>;
      expect(progress[v1]).toEqual({
        id: expect.any(Number),
        user_id: alice.id,
        course_id: paid,
        video_id: v1,
        watch_seconds: 42,
        watched_at: null,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
        updated_at: expect.stringMatching(/\.\d{6}Z$/),
        deleted_at: null,
      });
      const other = await t.request<CourseDetail>({
        method: 'GET',
        url: `/api/v2/course/${paid}`,
        token: bob.token,
      });
      expect(other.data).toMatchObject({ isBuy: false, isCollect: false, videoWatchedProgress: [] });
      const badToken = await t.request<CourseDetail>({
        method: 'GET',
        url: `/api/v2/course/${paid}`,
        token: 'nope',
      });
      expect(badToken.code).toBe(0);
      expect(badToken.data.isBuy).toBe(false);
    });

    it('answers 错误 for unpublished, deleted and unknown courses and 参数错误 for a malformed id', async () => {
      const { db } = t.services;
      const later = await addCourse(db, { published_at: FUTURE });
      const unset = await addCourse(db, { published_at: null });
      const gone = await addCourse(db, { deleted_at: PAST });
      for (const id of [later, unset, gone, 999999]) {
        const res = await t.request({ method: 'GET', url: `/api/v2/course/${id}` });
        expect(res).toMatchObject({ statusCode: 200, code: 1, message: '错误', data: [] });
      }
      for (const id of ['abc', '-1', '1.5', '99999999999999']) {
        const res = await t.request({ method: 'GET', url: `/api/v2/course/${id}` });
        expect(res).toMatchObject({ statusCode: 200, code: 1, message: '参数错误' });
      }
    });
  });

  describe('likes', () => {
    it('toggles 1 / 0 per member and needs a login', async () => {
      const course = await addCourse(t.services.db);
      const hit = (token?: string) =>
        t.request<number>({ method: 'GET', url: `/api/v2/course/${course}/like`, token });
      expect(await hit()).toMatchObject({ code: 401, message: '请登录' });
      expect((await hit(bob.token)).data).toBe(1);
      expect((await hit(alice.token)).data).toBe(1);
      expect((await hit(bob.token)).data).toBe(0);
      const rows = await t.services.db
        .selectFrom('course_likes')
        .select('user_id')
        .where('course_id', '=', course)
        .execute();
      expect(rows.map((r) => r.user_id)).toEqual([alice.id]);
      const hidden = await addCourse(t.services.db, { published_at: FUTURE });
      expect(
        await t.request({ method: 'GET', url: `/api/v2/course/${hidden}/like`, token: bob.token }),
      ).toMatchObject({
        code: 1,
        message: '错误',
      });
    });
  });

  describe('course comments', () => {
    let free: number;
    let paid: number;
    beforeAll(async () => {
      free = await addCourse(t.services.db, { is_free: 1 });
      paid = await addCourse(t.services.db, { charge: 5000 });
    });
    const post = (id: number, content: unknown, token?: string) =>
      t.request({ method: 'POST', url: `/api/v2/course/${id}/comment`, payload: { content }, token });

    it('validates content with the contract messages', async () => {
      expect(await post(free, '', alice.token)).toMatchObject({ code: 1, message: '请输入评论' });
      expect(await post(free, undefined, alice.token)).toMatchObject({ code: 1, message: '请输入评论' });
      expect(await post(free, '太短了', alice.token)).toMatchObject({
        code: 1,
        message: '评论内容不能少于6个字',
      });
      expect(await post(free, { a: 1 }, alice.token)).toMatchObject({ code: 1, message: '请输入评论' });
      expect(await post(free, '长'.repeat(1001), alice.token)).toMatchObject({
        code: 1,
        message: '评论内容不能超过1000个字',
      });
      expect(await post(free, '<b></b><i></i>', alice.token)).toMatchObject({ code: 1, message: '参数错误' });
      expect(await post(free, '很好的课程呀', undefined)).toMatchObject({ code: 401, message: '请登录' });
    });

    it('needs the isBuy rule to post, and strips HTML to plain text', async () => {
      expect(await post(paid, '想先评论一下', alice.token)).toMatchObject({ code: 1, message: '无权限' });
      expect(await post(free, '<script>alert(1)</script><b>讲得很清楚</b> & 好', alice.token)).toMatchObject({
        code: 0,
        data: [],
      });
      expect(await post(free, '第二条评论内容', bob.token)).toMatchObject({ code: 0 });
      const res = await t.request<CommentList>({ method: 'GET', url: `/api/v2/course/${free}/comments` });
      expect(res.data.comments).toEqual([
        expect.objectContaining({ user_id: bob.id, render_content: '第二条评论内容' }),
        {
          id: expect.any(Number),
          user_id: alice.id,
          render_content: '讲得很清楚 &amp; 好',
          created_at: expect.stringMatching(/\.\d{6}Z$/),
          ip: '',
          ip_province: '',
        },
      ]);
      const users = res.data.users as Record<string, { id: number; avatar: string; nick_name: string }>;
      expect(users[alice.id]).toEqual({
        id: alice.id,
        avatar: 'http://api.test/images/default_avatar.png',
        nick_name: expect.any(String),
      });
      expect(Object.keys(users)).toHaveLength(2);
      const none = await t.request<CommentList>({ method: 'GET', url: `/api/v2/course/${paid}/comments` });
      expect(none.data).toEqual({ comments: [], users: [] });
    });
  });
});
