import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@kezhan/contract/member';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { fakeS3Env, startFakeS3, type FakeS3 } from '../../../test/support/fakes/s3';
import { makeJpeg, makePng, makeWebp, multipartBody } from '../../../test/support/images';

const AVATAR_URL = '/api/v2/member/detail/avatar';

async function upload(
  t: TestApp,
  token: string | undefined,
  file: Buffer,
  filename = 'a.png',
  type = 'image/png',
  field = 'file',
) {
  const { payload, headers } = multipartBody(field, filename, type, file);
  return t.request({ method: 'POST', url: AVATAR_URL, payload, headers, token });
}

async function detail(t: TestApp, token: string) {
  return (
    await t.request<{ id: number; avatar: string }>({ method: 'GET', url: '/api/v2/member/detail', token })
  ).data;
}

/** A real PNG (incompressible pixels) padded after IEND to exactly `size` bytes; decoders ignore the tail. */
function pngOfSize(size: number): Buffer {
  const png = makePng(400, 400, { noise: true });
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
}

describe('POST /api/v2/member/detail/avatar with local storage', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.loginBySms('13500000001');
  });
  afterAll(() => t.close());

  it('stores a PNG, sets an absolute avatar URL, and serves the file at /storage/*', async () => {
    const png = makePng(64, 64);
    const res = await upload(t, token, png);
    expect(res).toMatchObject({ statusCode: 200, code: 0, message: '', data: [] });
    const { avatar } = await detail(t, token);
    expect(avatar).toMatch(
      /^http:\/\/api\.test\/storage\/images\/member-avatar\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/,
    );
    const served = await t.app.inject({ method: 'GET', url: avatar.replace('http://api.test', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(png)).toBe(true);
  });

  it('accepts JPEG and WebP, naming the stored file by its real type, not the uploaded name', async () => {
    expect((await upload(t, token, makeJpeg(32, 32), 'photo.png', 'image/png')).code).toBe(0);
    expect((await detail(t, token)).avatar).toMatch(/\.jpg$/);
    expect((await upload(t, token, makeWebp(32, 32), 'pic.gif', 'application/octet-stream')).code).toBe(0);
    expect((await detail(t, token)).avatar).toMatch(/\.webp$/);
  });

  it('keeps only the current avatar file: the previous upload is removed', async () => {
    const before = (await detail(t, token)).avatar;
    const beforeFile = path.join(t.services.env.dataDir, 'storage', before.split('/storage/')[1]);
    expect(fs.existsSync(beforeFile)).toBe(true);
    await upload(t, token, makePng(8, 8));
    expect(fs.existsSync(beforeFile)).toBe(false);
    const rows = await t.services.db.selectFrom('user_upload_images').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'local', mime: 'image/png', width: 8, height: 8 });
  });

  it('refuses files that are not JPEG/PNG/WebP whatever their name or declared type', async () => {
    const before = (await detail(t, token)).avatar;
    const disguised: [Buffer, string, string][] = [
      [Buffer.from('hello, I am text'), 'x.png', 'image/png'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        'image/svg+xml',
      ],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'avatar.jpg', 'image/jpeg'],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'x.gif', 'image/gif'],
      [makePng(8, 8).subarray(0, 50), 'cut.png', 'image/png'],
      [
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.from('<?php system($_GET[1]);'),
        ]),
        'x.png',
        'image/png',
      ],
    ];
    for (const [content, name, type] of disguised) {
      const res = await upload(t, token, content, name, type);
      expect(res, name).toMatchObject({ statusCode: 200, code: 1, message: '请上传图片文件', data: [] });
    }
    expect((await detail(t, token)).avatar).toBe(before);
  });

  it('accepts exactly 1 MB and refuses anything larger with 文件不能超过1M', async () => {
    const atLimit = pngOfSize(AVATAR_MAX_BYTES);
    expect(atLimit.length).toBe(AVATAR_MAX_BYTES);
    expect((await upload(t, token, atLimit)).code).toBe(0);
    const before = (await detail(t, token)).avatar;
    for (const size of [AVATAR_MAX_BYTES + 1, 6 * AVATAR_MAX_BYTES]) {
      const res = await upload(t, token, pngOfSize(size));
      expect(res, String(size)).toMatchObject({
        statusCode: 200,
        code: 1,
        message: '文件不能超过1M',
        data: [],
      });
    }
    expect((await detail(t, token)).avatar).toBe(before);
  });

  it('answers 请上传文件 without a file, with an empty file, a wrong field or a JSON body', async () => {
    expect(await upload(t, token, Buffer.alloc(0))).toMatchObject({ code: 1, message: '请上传文件' });
    expect(await upload(t, token, makePng(4, 4), 'a.png', 'image/png', 'avatar')).toMatchObject({
      code: 1,
      message: '请上传文件',
    });
    const json = await t.request({ method: 'POST', url: AVATAR_URL, payload: { file: 'x' }, token });
    expect(json).toMatchObject({ statusCode: 200, code: 1, message: '请上传文件' });
    const empty = await t.request({
      method: 'POST',
      url: AVATAR_URL,
      payload: '------b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=----b' },
      token,
    });
    expect(empty).toMatchObject({ statusCode: 200, code: 1, message: '请上传文件' });
  });

  it('requires a login', async () => {
    expect(await upload(t, undefined, makePng(4, 4))).toMatchObject({
      statusCode: 200,
      code: 401,
      message: '请登录',
    });
  });

  it('serves nothing outside the storage folder and 404s unknown files', async () => {
    fs.writeFileSync(path.join(t.services.env.dataDir, 'secret.png'), 'secret');
    for (const url of [
      '/storage/../secret.png',
      '/storage/%2e%2e/secret.png',
      '/storage/nope.png',
      '/storage/images/',
      '/storage/jwt-secret',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });
});

describe('POST /api/v2/member/detail/avatar with S3 storage', () => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({ env: fakeS3Env(s3, { S3_PUBLIC_URL: 'https://cdn.kezhan.test' }) });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('puts the avatar in the bucket with a valid signature and stores the public URL', async () => {
    const token = await t.loginBySms('13500000002');
    const png = makePng(20, 10);
    expect((await upload(t, token, png)).code).toBe(0);
    const { avatar } = await detail(t, token);
    expect(avatar).toMatch(
      /^https:\/\/cdn\.kezhan\.test\/images\/member-avatar\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/,
    );
    const key = avatar.replace('https://cdn.kezhan.test/', '');
    expect(s3.objects.get(key)).toMatchObject({ body: png, contentType: 'image/png' });
    expect(s3.log.filter((entry) => entry.verdict !== 'ok')).toEqual([]);
    expect((await upload(t, token, makeJpeg(8, 8))).code).toBe(0);
    expect(s3.objects.has(key)).toBe(false);
    expect(s3.objects.size).toBe(1);
  });

  it('answers a clear message and keeps the old avatar when the bucket refuses', async () => {
    const broken = await createTestApp({ env: fakeS3Env(s3, { S3_SECRET_ACCESS_KEY: 'not-the-secret' }) });
    try {
      const token = await broken.loginBySms('13500000003');
      const before = await detail(broken, token);
      const res = await upload(broken, token, makePng(4, 4));
      expect(res).toMatchObject({ statusCode: 200, code: 1, message: '头像上传失败，请稍后再试' });
      expect((await detail(broken, token)).avatar).toBe(before.avatar);
    } finally {
      await broken.close();
    }
  });
});
