import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES } from '@kezhan/contract/member';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { fakeS3Env, startFakeS3, type FakeS3 } from '../../../test/support/fakes/s3';
import sharp from 'sharp';
import { sizedImage } from '@kezhan/contract/images';
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

  it('stores a re-encoded PNG with WebP copies, sets an absolute avatar URL, and serves them at /storage/*', async () => {
    const png = makePng(300, 200);
    const res = await upload(t, token, png);
    expect(res).toMatchObject({ statusCode: 200, code: 0, message: '', data: [] });
    const { avatar } = await detail(t, token);
    // Kept at most 256 px wide; semi-transparent, so the fallback stays a PNG.
    expect(avatar).toMatch(
      /^http:\/\/api\.test\/storage\/images\/member-avatar\/\d{4}\/\d{2}\/[0-9a-f]{32}\.256x171\.png$/,
    );
    const served = await t.app.inject({ method: 'GET', url: avatar.replace('http://api.test', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 256,
      height: 171,
    });
    for (const [width, address] of sizedImage(avatar)!.webp) {
      const copy = await t.app.inject({ method: 'GET', url: address.replace('http://api.test', '') });
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width });
    }
    expect(sizedImage(avatar)!.webp.map(([width]) => width)).toEqual([128, 256]);
  });

  it('drops EXIF and GPS data, turning the photo upright by its orientation first', async () => {
    const photo = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#c04020' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('PhoneMaker')).toBe(true);
    expect((await upload(t, token, photo, 'IMG_0001.jpg', 'image/jpeg')).code).toBe(0);
    const { avatar } = await detail(t, token);
    expect(avatar).toMatch(/\.60x120\.jpg$/);
    for (const address of [avatar, ...sizedImage(avatar)!.webp.map(([, a]) => a)]) {
      const served = (await t.app.inject({ method: 'GET', url: address.replace('http://api.test', '') }))
        .rawPayload;
      const meta = await sharp(served).metadata();
      expect(meta.exif, address).toBeUndefined();
      expect(meta.orientation ?? 1, address).toBe(1);
      expect(served.includes('PhoneMaker') || served.includes('GPS'), address).toBe(false);
    }
  });

  it('accepts JPEG and WebP by content, not by the uploaded name or type', async () => {
    expect((await upload(t, token, makeJpeg(32, 32), 'photo.png', 'image/png')).code).toBe(0);
    expect((await detail(t, token)).avatar).toMatch(/\.32x32\.jpg$/);
    expect((await upload(t, token, makeWebp(32, 32), 'pic.gif', 'application/octet-stream')).code).toBe(0);
    expect((await detail(t, token)).avatar).toMatch(/\.32x32\.jpg$/);
  });

  it('keeps only the current avatar files: the previous upload and its copies are removed', async () => {
    const before = (await detail(t, token)).avatar;
    const fileOf = (address: string) =>
      path.join(t.services.env.dataDir, 'storage', address.split('/storage/')[1]);
    const beforeFiles = [before, ...sizedImage(before)!.webp.map(([, a]) => a)].map(fileOf);
    expect(beforeFiles.every((file) => fs.existsSync(file))).toBe(true);
    await upload(t, token, makePng(8, 8));
    expect(beforeFiles.filter((file) => fs.existsSync(file))).toEqual([]);
    const rows = await t.services.db.selectFrom('user_upload_images').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'local', mime: 'image/png', width: 8, height: 8 });
  });

  it('refuses an image of too many pixels before decoding it', async () => {
    const before = (await detail(t, token)).avatar;
    // A flat 5000 × 5000 PNG compresses to a few kilobytes but would take 100 MB to decode.
    const bomb = makePng(5000, 5000);
    expect(bomb.length).toBeLessThan(200_000);
    expect(await upload(t, token, bomb)).toMatchObject({ code: 1, message: '请上传图片文件' });
    expect((await detail(t, token)).avatar).toBe(before);
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
      /^https:\/\/cdn\.kezhan\.test\/images\/member-avatar\/\d{4}\/\d{2}\/[0-9a-f]{32}\.20x10\.png$/,
    );
    const key = avatar.replace('https://cdn.kezhan.test/', '');
    expect(s3.objects.get(key)).toMatchObject({ contentType: 'image/png' });
    expect(s3.objects.get(key.replace(/\.png$/, '.w20.webp'))).toMatchObject({ contentType: 'image/webp' });
    expect(s3.log.filter((entry) => entry.verdict !== 'ok')).toEqual([]);
    expect((await upload(t, token, makeJpeg(8, 8))).code).toBe(0);
    expect(s3.objects.has(key)).toBe(false);
    // The new fallback and its one WebP copy.
    expect(s3.objects.size).toBe(2);
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
