import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCourseDetail } from '@kezhan/contract/admin/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { vodSourceOf } from '../media/vod-sources';

describe('operator console: a lesson played from the school’s cloud VOD library', () => {
  let t: TestApp;
  let editor: AdminClient;
  let courseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signedInAdmin(t, 'content', 'editor');
    const category = await editor.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { name: '云点播', slug: 'vod' },
    });
    const course = await editor.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/courses',
      payload: {
        title: '云点播课',
        slug: 'vod-course',
        category_id: category.data.id,
        charge: 10,
        is_show: 1,
      },
    });
    courseId = course.data.id;
  });
  afterAll(() => t.close());

  const lesson = { title: '第一课', chapter_id: null, free_seconds: 30, ban_drag: 0, is_show: 1 };
  const detail = async () =>
    (await editor.request<AdminCourseDetail>({ method: 'GET', url: `/api/admin/courses/${courseId}` })).data;

  it('sets the vendor and id on the lesson form, lists them, audits them, and switches back to the file', async () => {
    const created = await editor.request<{ id: number }>({
      method: 'POST',
      url: `/api/admin/courses/${courseId}/videos`,
      payload: { ...lesson, vod_provider: 'aliyun', vod_media_id: ' 93ab850b4f654b6e91d24d81d44a0001 ' },
    });
    expect(created.code).toBe(0);
    const id = created.data.id;
    expect((await detail()).videos.find((v) => v.id === id)).toMatchObject({
      vod_provider: 'aliyun',
      vod_media_id: '93ab850b4f654b6e91d24d81d44a0001',
    });
    expect((await auditRows(t, 'video.create')).at(-1)?.after).toMatchObject({
      vod: 'aliyun:93ab850b4f654b6e91d24d81d44a0001',
    });

    // A form without the fields (an older console) leaves the source as it is.
    await editor.request({
      method: 'PUT',
      url: `/api/admin/videos/${id}`,
      payload: { ...lesson, title: '改名' },
    });
    expect(await vodSourceOf(t.services.db, id)).toEqual({
      provider: 'aliyun',
      mediaId: '93ab850b4f654b6e91d24d81d44a0001',
    });

    await editor.request({
      method: 'PUT',
      url: `/api/admin/videos/${id}`,
      payload: { ...lesson, vod_provider: 'tencent', vod_media_id: '5285890781763144364' },
    });
    const update = (await auditRows(t, 'video.update')).at(-1)!;
    expect(update.before).toMatchObject({ vod: 'aliyun:93ab850b4f654b6e91d24d81d44a0001' });
    expect(update.after).toMatchObject({ vod: 'tencent:5285890781763144364' });

    await editor.request({
      method: 'PUT',
      url: `/api/admin/videos/${id}`,
      payload: { ...lesson, vod_provider: '', vod_media_id: '' },
    });
    expect((await detail()).videos.find((v) => v.id === id)).toMatchObject({
      vod_provider: '',
      vod_media_id: '',
    });
  });

  it('refuses an unknown vendor or a malformed id in Chinese and changes nothing', async () => {
    expect(
      await editor.request({
        method: 'POST',
        url: `/api/admin/courses/${courseId}/videos`,
        payload: { ...lesson, vod_provider: 'qiniu', vod_media_id: 'abc' },
      }),
    ).toMatchObject({ code: 1, message: '请选择视频来源' });
    for (const vod_media_id of ['', '../../etc/passwd', 'x'.repeat(65)])
      expect(
        await editor.request({
          method: 'POST',
          url: `/api/admin/courses/${courseId}/videos`,
          payload: { ...lesson, vod_provider: 'tencent', vod_media_id },
        }),
      ).toMatchObject({ code: 1, message: '云点播视频 ID 只能包含字母、数字、下划线和短横线，最长 64 位' });
    expect((await detail()).videos).toHaveLength(1);
  });

  it('is not open to anyone without a console session', async () => {
    const response = await t.request({
      method: 'POST',
      url: `/api/admin/courses/${courseId}/videos`,
      payload: { ...lesson, vod_provider: 'aliyun', vod_media_id: 'abc' },
    });
    expect(response.statusCode === 401 || response.code === 401).toBe(true);
    expect((await detail()).videos).toHaveLength(1);
  });
});
