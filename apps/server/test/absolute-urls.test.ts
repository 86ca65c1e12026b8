import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnnouncement } from '../src/modules/announcements/announcements-service';
import { createTestApp, type TestApp } from './test-app';
import { createCourse, loginMember, orderCourse, type LoggedInMember } from './support/orders';

/** Every picture address the member API answers is absolute, whatever is stored (MeEdu clients need it). */
describe('absolute addresses in /api/v2 and /api/v3 answers', () => {
  let t: TestApp;
  let member: LoggedInMember;
  let courseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    member = await loginMember(t, '13970000001');
    // What older data and imports hold: site paths, not addresses.
    await t.services.db
      .updateTable('users')
      .set({ avatar: '/images/default_avatar.png' })
      .where('id', '=', member.id)
      .execute();
    courseId = await createCourse(t, { title: '相对路径封面课程', charge: 19 });
    await t.services.db
      .updateTable('courses')
      .set({ thumb: '/upload/cover.png' })
      .where('id', '=', courseId)
      .execute();
  });
  afterAll(() => t.close());

  const get = <T>(url: string) => t.request<T>({ method: 'GET', url, token: member.token });

  it('GET /api/v2/member/detail answers the stored relative avatar as an absolute address', async () => {
    const detail = await get<{ avatar: string }>('/api/v2/member/detail');
    expect(detail.data.avatar).toBe('http://api.test/images/default_avatar.png');
    const stored = await t.services.db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(stored.avatar).toBe('/images/default_avatar.png');
  });

  it('course list, course detail and the member’s order goods carry absolute covers', async () => {
    const list = await get<{ data: { id: number; thumb: string }[] }>('/api/v2/courses?page=1&page_size=50');
    expect(list.data.data.find((course) => course.id === courseId)?.thumb).toBe(
      'http://api.test/upload/cover.png',
    );
    const detail = await get<{ course: { thumb: string } }>(`/api/v2/course/${courseId}`);
    expect(detail.data.course.thumb).toBe('http://api.test/upload/cover.png');

    const order = await orderCourse(t, member.token, courseId);
    const orders = await get<{
      data: { order_id: string; goods: { goods_thumb: string }[] }[];
      path: string;
    }>('/api/v2/member/orders?page=1&page_size=10');
    const listed = orders.data.data.find((item) => item.order_id === order.order_id);
    expect(listed?.goods[0].goods_thumb).toBe('http://api.test/upload/cover.png');
    // The paginator's path stays MeEdu's relative one.
    expect(orders.data.path).toBe('api/v2/member/orders');
  });

  it('the configuration answers absolute logos and player cover', async () => {
    await t.services.settings.set('logo', '/upload/logo.png');
    const config = await get<{ logo: { logo: string }; player: { cover: string } }>('/api/v2/other/config');
    expect(config.data.logo.logo).toBe('http://api.test/upload/logo.png');
    expect(config.data.player.cover).toMatch(/^http:\/\/api\.test\//);
  });

  describe('pictures and files inside HTML fields', () => {
    const DESCRIPTION =
      '<p>课程简介</p><img src="/storage/images/desc.png" alt="示意图">' +
      '<a href="/storage/files/讲义.pdf">讲义</a><a href="/vod/detail?id=1">相关课程</a>' +
      '<img src="https://cdn.example.cn/a.png" alt="外部图片">';
    const ABSOLUTE =
      '<p>课程简介</p><img src="http://api.test/storage/images/desc.png" alt="示意图">' +
      '<a href="http://api.test/storage/files/讲义.pdf">讲义</a><a href="/vod/detail?id=1">相关课程</a>' +
      '<img src="https://cdn.example.cn/a.png" alt="外部图片">';

    beforeAll(async () => {
      await t.services.db
        .updateTable('courses')
        .set({ render_desc: DESCRIPTION })
        .where('id', '=', courseId)
        .execute();
    });

    it("a course's description: in the course page and in the lesson page, the stored HTML untouched", async () => {
      const detail = await get<{ course: { render_desc: string }; videos: Record<string, { id: number }[]> }>(
        `/api/v2/course/${courseId}`,
      );
      expect(detail.data.course.render_desc).toBe(ABSOLUTE);
      const stored = await t.services.db
        .selectFrom('courses')
        .select('render_desc')
        .where('id', '=', courseId)
        .executeTakeFirstOrThrow();
      expect(stored.render_desc).toBe(DESCRIPTION);

      const lessonId = Object.values(detail.data.videos).flat()[0]?.id;
      if (lessonId !== undefined) {
        const lesson = await get<{ course: { render_desc: string } }>(`/api/v2/video/${lessonId}`);
        expect(lesson.data.course.render_desc).toBe(ABSOLUTE);
      }
    });

    it('announcements (latest, one, the list) and 购买须知 in the configuration', async () => {
      const created = await createAnnouncement(
        t.services.db,
        {
          title: '图文公告',
          body: '<p>新课上线</p><p><img src="/storage/images/notice.png" alt="海报"></p>',
        },
        new Date(),
      );
      const absolute =
        '<p>新课上线</p><p><img src="http://api.test/storage/images/notice.png" alt="海报"></p>';
      const latest = await get<{ announcement: string }>('/api/v2/announcement/latest');
      expect(latest.data.announcement).toBe(absolute);
      const one = await get<{ announcement: string }>(`/api/v2/announcement/${created.id}`);
      expect(one.data.announcement).toBe(absolute);
      const list = await get<{ data: { id: number; announcement: string }[] }>('/api/v2/announcements');
      expect(list.data.data.find((item) => item.id === created.id)?.announcement).toBe(absolute);

      await t.services.settings.set(
        'course_purchase_notice',
        '<p>须知</p><img src="/storage/images/rule.png">',
      );
      const config = await get<{ course_purchase_notice: string }>('/api/v2/other/config');
      expect(config.data.course_purchase_notice).toBe(
        '<p>须知</p><img src="http://api.test/storage/images/rule.png">',
      );
    });
  });
});
