import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { makeJpeg, makePng, multipartBody } from '../../../test/support/images';

const COVER_URL = '/api/admin/courses/cover';

describe('POST /api/admin/courses/cover', () => {
  let t: TestApp;
  let editor: AdminClient;
  let support: AdminClient;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signedInAdmin(t, 'content', 'editor');
    support = await signedInAdmin(t, 'support', 'helpdesk');
  });
  afterAll(() => t.close());

  const upload = (client: AdminClient, file: Buffer, name = 'cover.png', type = 'image/png') => {
    const { payload, headers } = multipartBody('file', name, type, file);
    return client.request<{ url: string; width: number; height: number }>({
      method: 'POST',
      url: COVER_URL,
      payload,
      headers,
    });
  };
  const storedFile = (url: string) => path.join(t.services.env.dataDir, 'storage', url.split('/storage/')[1]);

  it('crops a square PNG around its centre to 16:9 at the cover width, with WebP copies, audited', async () => {
    const answer = await upload(editor, makePng(1200, 1200));
    expect(answer).toMatchObject({ code: 0, data: { width: 960, height: 540 } });
    expect(answer.data.url).toMatch(
      /^http:\/\/api\.test\/storage\/images\/course-cover\/\d{4}\/\d{2}\/[0-9a-f]{20}\.960x540\.png$/,
    );
    const meta = await sharp(fs.readFileSync(storedFile(answer.data.url))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 960, 540]);
    const webp = storedFile(answer.data.url).replace(/\.png$/, '.w640.webp');
    expect((await sharp(fs.readFileSync(webp)).metadata()).width).toBe(640);

    const [row] = await auditRows(t, 'course.cover');
    expect(row.after).toMatchObject({ url: answer.data.url, width: 960, height: 540 });
  });

  it('crops a tall JPEG to its full width and never enlarges it', async () => {
    const answer = await upload(editor, makeJpeg(400, 600), 'photo.jpg', 'image/jpeg');
    expect(answer).toMatchObject({ code: 0, data: { width: 400, height: 225 } });
    expect(answer.data.url).toMatch(/\.400x225\.jpg$/);
    const meta = await sharp(fs.readFileSync(storedFile(answer.data.url))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 400, 225]);
  });

  it('keeps the middle of a wide picture', async () => {
    // 400×100: red, with a green band from x = 100 to 300; the 16:9 crop is 176×99 around x = 200.
    const pixels = Buffer.alloc(400 * 100 * 3);
    for (let i = 0; i < 400 * 100; i += 1) {
      const x = i % 400;
      pixels.set(x >= 100 && x < 300 ? [0, 200, 0] : [200, 0, 0], i * 3);
    }
    const wide = await sharp(pixels, { raw: { width: 400, height: 100, channels: 3 } })
      .png()
      .toBuffer();
    const answer = await upload(editor, wide);
    expect(answer).toMatchObject({ code: 0, data: { width: 176, height: 99 } });
    const { data } = await sharp(fs.readFileSync(storedFile(answer.data.url)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const x of [0, 175]) {
      const [red, green] = data.subarray((50 * 176 + x) * 3, (50 * 176 + x) * 3 + 3);
      expect(green).toBeGreaterThan(150);
      expect(red).toBeLessThan(60);
    }
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const answer = await upload(editor, Buffer.from('<script>alert(1)</script>'), 'cover.png', 'image/png');
    expect(answer).toMatchObject({ code: 1, message: '请上传 JPEG、PNG 或 WebP 格式的图片' });
    expect(await auditRows(t, 'course.cover')).toHaveLength(3);
  });

  it('refuses a request without the file', async () => {
    const { payload, headers } = multipartBody('image', 'cover.png', 'image/png', makePng(32, 32));
    expect(await editor.request({ method: 'POST', url: COVER_URL, payload, headers })).toMatchObject({
      code: 1,
      message: '请选择封面图片',
    });
  });

  it('refuses 客服 (no course.edit) with code 403', async () => {
    const answer = await upload(support, makePng(64, 64));
    expect(answer).toMatchObject({ code: 403, message: '没有权限执行此操作' });
  });
});

describe('the course description from the console editor', () => {
  let t: TestApp;
  let editor: AdminClient;

  beforeAll(async () => {
    t = await createTestApp();
    editor = await signedInAdmin(t, 'content', 'editor');
  });
  afterAll(() => t.close());

  it('keeps the formatting and strips scripts, event attributes and javascript: links when saved', async () => {
    const category = await editor.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/categories',
      payload: { name: '富文本', slug: 'rich' },
    });
    const pasted =
      '<h2>课程介绍</h2><p><strong>粗体</strong>和<em>斜体</em></p><ul><li>一</li><li>二</li></ul>' +
      '<p><a href="https://example.com/a" target="_blank">链接</a><a href="javascript:alert(1)">坏链接</a></p>' +
      '<p><img src="/storage/images/a.png" onerror="alert(1)"><script>alert(2)</script></p>';
    const created = await editor.request<{ id: number }>({
      method: 'POST',
      url: '/api/admin/courses',
      payload: {
        title: '富文本课程',
        slug: 'rich-text',
        category_id: category.data.id,
        charge: 0,
        render_desc: pasted,
      },
    });
    expect(created.code).toBe(0);
    const detail = await editor.request<{ render_desc: string }>({
      method: 'GET',
      url: `/api/admin/courses/${created.data.id}`,
    });
    expect(detail.data.render_desc).toBe(
      '<h2>课程介绍</h2><p><strong>粗体</strong>和<em>斜体</em></p><ul><li>一</li><li>二</li></ul>' +
        '<p><a href="https://example.com/a" target="_blank">链接</a><a href>坏链接</a></p>' +
        '<p><img src="/storage/images/a.png"></p>',
    );
  });
});
