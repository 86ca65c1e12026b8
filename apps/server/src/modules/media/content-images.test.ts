import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sizedImage } from '@kezhan/contract/images';
import type { CourseListPage } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runCommand } from '../../cli/run-command';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-content-images-'));

function contentFile(thumb: string, slide: string) {
  const file = path.join(tmp, 'content.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      courses: [
        { slug: 'photo-course', title: '摄影入门', thumb, is_show: 1, published_at: '2024-01-01 00:00:00' },
      ],
      blocks: [
        {
          platform: 'h5',
          page: 'h5-page-index',
          blocks: [{ sign: 'slider', config: [{ src: slide, href: '/' }] }],
        },
      ],
    }),
  );
  return file;
}

describe('import: local cover and banner files go through the image pipeline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    fs.mkdirSync(path.join(tmp, 'covers'));
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2060a0' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'CameraMaker' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toFile(path.join(tmp, 'covers', 'photo.jpg'));
    await sharp({ create: { width: 750, height: 300, channels: 4, background: '#f0a02080' } })
      .png()
      .toFile(path.join(tmp, 'banner.png'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('stores re-encoded copies and points the course and the block at them; again, nothing new', async () => {
    const file = contentFile('covers/photo.jpg', 'banner.png');
    expect((await runCommand(t.services, ['import', file])).exitCode).toBe(0);
    const list = await t.request<CourseListPage>({ method: 'GET', url: '/api/v2/courses' });
    const thumb = list.data.data.find((c) => c.title === '摄影入门')!.thumb;
    // Covers are kept at most 960 px wide.
    expect(thumb).toMatch(/^http:\/\/api\.test\/storage\/images\/cover\/[0-9a-f]{20}\.960x540\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(thumb).pathname });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes('CameraMaker')).toBe(false);
    const copies = sizedImage(thumb)!.webp;
    expect(copies.map(([w]) => w)).toEqual([128, 256, 384, 512, 640, 768, 960]);
    for (const [, address] of copies) {
      expect((await t.app.inject({ method: 'GET', url: new URL(address).pathname })).statusCode).toBe(200);
    }

    const slider = await t.services.db
      .selectFrom('view_blocks')
      .select('config')
      .where('sign', '=', 'slider')
      .executeTakeFirstOrThrow();
    // Semi-transparent: the fallback stays a PNG.
    expect(JSON.parse(slider.config)[0].src).toMatch(
      /\/storage\/images\/banner\/[0-9a-f]{20}\.750x300\.png$/,
    );

    const storage = path.join(t.services.env.dataDir, 'storage', 'images');
    const before = fs.readdirSync(path.join(storage, 'cover')).length;
    expect((await runCommand(t.services, ['import', file])).exitCode).toBe(0);
    expect(fs.readdirSync(path.join(storage, 'cover')).length).toBe(before);
  });

  it('leaves addresses alone and names a missing or non-image file', async () => {
    expect(
      (
        await runCommand(t.services, [
          'import',
          contentFile('/demo/covers/x.png', 'https://cdn.example.com/b.png'),
        ])
      ).exitCode,
    ).toBe(0);
    const missing = await runCommand(t.services, ['import', contentFile('covers/none.jpg', '/b.png')]);
    expect(missing.exitCode).toBe(1);
    expect(missing.output.join('\n')).toContain('Image file not found');
    fs.writeFileSync(path.join(tmp, 'covers', 'fake.jpg'), '<?php echo 1;');
    const fake = await runCommand(t.services, ['import', contentFile('covers/fake.jpg', '/b.png')]);
    expect(fake.output.join('\n')).toContain('fake.jpg: not a JPEG, PNG or WebP image');
  });
});
