import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, stoppedClock, type TestApp } from '../../../test/test-app';
import { ffmpegInstalled, makeTestVideo } from '../../../test/support/media';
import { createCategory } from './category-admin';
import { createCourse } from './course-admin';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { createVideo } from './video-admin';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-admin-videos-'));

describe('operator console: chapters, videos and resumable uploads', () => {
  let t: TestApp;
  let editor: AdminClient;
  let other: AdminClient;
  let courseId: number;
  let otherCourseId: number;

  beforeAll(async () => {
    t = await createTestApp({ env: { MEDIA_MAX_UPLOAD_MB: '1' } });
    editor = await signedInAdmin(t, 'content', 'editor');
    other = await signedInAdmin(t, 'super', 'boss');
    const category = await editor.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { name: '视频', slug: 'video' },
    });
    const course = (slug: string) =>
      editor.request<{ id: number }>({
        method: 'POST',
        url: '/api/admin/courses',
        payload: { title: slug, slug, category_id: category.data.id, charge: 10, is_show: 1 },
      });
    courseId = (await course('with-videos')).data.id;
    otherCourseId = (await course('another')).data.id;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  let chapterId: number;
  let videoId: number;

  it('adds chapters and videos, checked and audited; a chapter of another course is refused', async () => {
    expect(
      await editor.request({
        method: 'POST',
        url: `/api/admin/courses/${courseId}/chapters`,
        payload: { title: '' },
      }),
    ).toMatchObject({ code: 1, message: '请输入章节名称' });
    const chapter = await editor.request<{ id: number }>({
      method: 'POST',
      url: `/api/admin/courses/${courseId}/chapters`,
      payload: { title: '第一章 入门' },
    });
    chapterId = chapter.data.id;
    const foreign = await editor.request<{ id: number }>({
      method: 'POST',
      url: `/api/admin/courses/${otherCourseId}/chapters`,
      payload: { title: '别的章节' },
    });

    const video = (payload: object) =>
      editor.request<{ id: number }>({
        method: 'POST',
        url: `/api/admin/courses/${courseId}/videos`,
        payload,
      });
    const lesson = { title: '第一课', chapter_id: chapterId, free_seconds: 60, ban_drag: 1, is_show: 1 };
    expect(await video({ ...lesson, chapter_id: foreign.data.id })).toMatchObject({
      code: 1,
      message: '章节不存在',
    });
    expect(await video({ ...lesson, free_seconds: -5 })).toMatchObject({
      code: 1,
      message: '试看秒数须为 0 到 36000 之间的整数',
    });
    const created = await video(lesson);
    expect(created.code).toBe(0);
    videoId = created.data.id;

    const detail = await editor.request<{
      chapters: { title: string }[];
      videos: { title: string; free_seconds: number }[];
    }>({
      method: 'GET',
      url: `/api/admin/courses/${courseId}`,
    });
    expect(detail.data.chapters).toEqual([expect.objectContaining({ title: '第一章 入门' })]);
    expect(detail.data.videos).toEqual([expect.objectContaining({ title: '第一课', free_seconds: 60 })]);
    const h5 = await t.request<{ videos: Record<string, { title: string }[]> }>({
      method: 'GET',
      url: `/api/v2/course/${courseId}`,
    });
    expect(
      Object.values(h5.data.videos)
        .flat()
        .map((v) => v.title),
    ).toEqual(['第一课']);

    expect(
      (
        await editor.request({
          method: 'PUT',
          url: `/api/admin/videos/${videoId}`,
          payload: { ...lesson, title: '第一课（修订）' },
        })
      ).code,
    ).toBe(0);
    const [row] = await auditRows(t, 'video.update');
    expect(row.before).toMatchObject({ title: '第一课' });
    expect(row.after).toMatchObject({ title: '第一课（修订）' });
    expect(await editor.request({ method: 'DELETE', url: `/api/admin/chapters/${chapterId}` })).toMatchObject(
      {
        code: 1,
        message: '该章节下还有视频，不能删除',
      },
    );
    expect(await auditRows(t, 'chapter.create')).toHaveLength(2);
  });

  const chunk = (client: AdminClient, id: string, offset: number, bytes: string | Buffer) =>
    client.request<{ received: number; size: number }>({
      method: 'PUT',
      url: `/api/admin/uploads/${id}?offset=${offset}`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(bytes),
    });

  it('uploads a source in pieces that can resume; the finished file becomes the video source', async () => {
    // A real (tiny) video where ffprobe can check it; MP4's first bytes are all a node without it checks.
    const lesson = ffmpegInstalled
      ? fs.readFileSync(makeTestVideo(tmp, { seconds: 1, width: 160, height: 120 }))
      : Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(64)]);
    expect(
      (await editor.request({ method: 'GET', url: `/api/admin/videos/${videoId}/media` })).data,
    ).toMatchObject({
      status: 'none',
    });
    expect(
      await editor.request({
        method: 'POST',
        url: `/api/admin/videos/${videoId}/uploads`,
        payload: { name: 'big.mp4', size: 2 * 1024 * 1024 },
      }),
    ).toMatchObject({ code: 1, message: '视频文件过大，最大 1 MB' });

    const started = await editor.request<{ upload_id: string }>({
      method: 'POST',
      url: `/api/admin/videos/${videoId}/uploads`,
      payload: { name: '../../第一课.mp4', size: lesson.length },
    });
    const id = started.data.upload_id;
    expect((await chunk(editor, id, 0, lesson.subarray(0, 3))).data).toEqual({
      upload_id: id,
      received: 3,
      size: lesson.length,
    });
    expect(await chunk(editor, id, 0, lesson.subarray(0, 3))).toMatchObject({
      code: 1,
      message: '上传位置不符，请从第 3 字节续传',
    });
    expect(
      await chunk(editor, id, 3, Buffer.concat([lesson.subarray(3), Buffer.from('more')])),
    ).toMatchObject({ code: 1, message: '上传内容超出文件大小' });
    expect(
      (await editor.request<{ received: number }>({ method: 'GET', url: `/api/admin/uploads/${id}` })).data
        .received,
    ).toBe(3);
    expect(await editor.request({ method: 'POST', url: `/api/admin/uploads/${id}/complete` })).toMatchObject({
      code: 1,
      message: '文件尚未上传完整',
    });
    // Someone else's upload is unknown to them; a piece without the CSRF token is refused.
    expect(await chunk(other, id, 3, lesson.subarray(3))).toMatchObject({
      code: 1,
      message: '上传不存在或已过期',
    });
    expect(
      await editor.request({
        method: 'PUT',
        url: `/api/admin/uploads/${id}?offset=3`,
        csrf: false,
        payload: 'def',
        headers: { 'content-type': 'application/octet-stream' },
      }),
    ).toMatchObject({ code: 403 });

    expect((await chunk(editor, id, 3, lesson.subarray(3))).data.received).toBe(lesson.length);
    const done = await editor.request<{ status: string; source_name: string }>({
      method: 'POST',
      url: `/api/admin/uploads/${id}/complete`,
    });
    expect(done.data).toMatchObject({ status: 'uploaded', source_name: '第一课.mp4' });
    const asset = await t.services.db
      .selectFrom('media_assets')
      .select(['source_path', 'source_size'])
      .where('video_id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(Number(asset.source_size)).toBe(lesson.length);
    expect(asset.source_path).toMatch(/^sources\/\w+\/第一课\.mp4$/);
    const [row] = await auditRows(t, 'video.upload');
    expect(row.after).toEqual({ source_name: '第一课.mp4', size: lesson.length });
    expect(await editor.request({ method: 'GET', url: `/api/admin/uploads/${id}` })).toMatchObject({
      code: 1,
      message: '上传不存在或已过期',
    });
  });

  it('exports the content file and imports it back; a file elsewhere on the server is refused', async () => {
    const exported = await editor.request<{
      courses: { slug: string; chapters: { videos: { file?: string }[] }[] }[];
    }>({
      method: 'GET',
      url: '/api/admin/content/export',
    });
    expect(exported.code).toBe(0);
    const course = exported.data.courses.find((c) => c.slug === 'with-videos')!;
    // A key under DATA_DIR, never the server's absolute path.
    expect(course.chapters[0].videos[0].file).toMatch(/^media\/sources\/\w+\/第一课\.mp4$/);
    expect(JSON.stringify(exported.data)).not.toContain(t.services.env.dataDir);

    const again = await editor.request<Record<string, number>>({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: { content: exported.data },
    });
    expect(again).toMatchObject({ code: 0, data: { courses: 2, videos: 1 } });
    const [row] = await auditRows(t, 'content.import');
    expect(row.after).toMatchObject({ courses: 2, videos: 1 });

    const stealing = structuredClone(exported.data);
    for (const file of ['/etc/passwd', '../../../../etc/hostname', 'media/sources/../../jwt-secret']) {
      (stealing.courses[0] as any).chapters = [
        { title: '偷', videos: [{ slug: 'steal', title: '偷', duration: 1, file }] },
      ];
      expect(
        await editor.request({
          method: 'POST',
          url: '/api/admin/content/import',
          payload: { content: stealing },
        }),
      ).toMatchObject({
        code: 1,
        message: '内容文件引用了服务器上的其它文件，请改用 url，或在控制台上传视频',
      });
    }
    const broken = await editor.request({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: { content: { courses: 'x' } },
    });
    expect(broken.code).toBe(1);
    expect(broken.message).toMatch(/^内容文件有误：/);
    expect(await auditRows(t, 'content.import')).toHaveLength(1);
  });

  it('refuses anything but a video before ffmpeg sees it: playlists, concat lists, fake containers', async () => {
    const before = await t.services.db.selectFrom('media_assets').selectAll().execute();
    const crafted = [
      '#EXTM3U\n#EXT-X-ENDLIST\n',
      '#EXTM3U\n#EXTINF:4,\n/etc/passwd\n#EXTINF:4,\nhttp://127.0.0.1:9/leak.ts\n#EXT-X-ENDLIST\n',
      'ffconcat version 1.0\nfile /etc/passwd\nfile ../../jwt-secret\n',
      'this is not a video at all',
      ...(ffmpegInstalled
        ? [Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(4000, 7)])]
        : []),
    ];
    for (const [index, content] of crafted.entries()) {
      const bytes = Buffer.from(content);
      const started = await editor.request<{ upload_id: string }>({
        method: 'POST',
        url: `/api/admin/videos/${videoId}/uploads`,
        payload: { name: index === 0 ? 'x.m3u8' : 'lesson.mp4', size: bytes.length },
      });
      await chunk(editor, started.data.upload_id, 0, bytes);
      const answer = await editor.request({
        method: 'POST',
        url: `/api/admin/uploads/${started.data.upload_id}/complete`,
      });
      expect(answer).toMatchObject({ code: 1, message: '无法识别的视频文件', data: [] });
    }
    // The video keeps its source: nothing was staged or queued.
    expect(await t.services.db.selectFrom('media_assets').selectAll().execute()).toEqual(before);
  });
});

describe('operator console: upload pieces and the per-IP limit', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('lets a long upload through while other routes keep the API minute limit', async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_PER_MINUTE: '4', RATE_LIMIT_CONSOLE_PER_MINUTE: '4' },
      now: stoppedClock(),
    });
    const editor = await signedInAdmin(t, 'content', 'editor');
    const now = new Date();
    const category = await createCategory(t.services.db, { name: '限流', slug: 'limits' }, now);
    const course = await createCourse(
      t.services.db,
      { title: '限流', slug: 'limits', category_id: category, charge: 0 },
      now,
    );
    const video = await createVideo(
      t.services.db,
      course,
      { title: '一', chapter_id: null, free_seconds: 0, ban_drag: 0, is_show: 1 },
      now,
    );
    const started = await editor.request<{ upload_id: string }>({
      method: 'POST',
      url: `/api/admin/videos/${video}/uploads`,
      payload: { name: 'a.mp4', size: 8 },
    });
    for (let offset = 0; offset < 8; offset += 1) {
      const piece = await editor.request({
        method: 'PUT',
        url: `/api/admin/uploads/${started.data.upload_id}?offset=${offset}`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from('x'),
      });
      expect(piece.code, `piece ${offset}`).toBe(0);
    }
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push((await editor.request({ method: 'GET', url: '/api/admin/session' })).code);
    expect(answers).toContain(429);
  });
});
