import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { runCommand } from '../../cli/run-command';
import { addCourse, addVideo } from '../../../test/support/courses';
import { ffmpegInstalled, makeTestVideo } from '../../../test/support/media';
import { looksLikeVideo } from './ingest';
import { STALE_UPLOAD_MS } from './uploads';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-upload-test-'));
let clock = Date.now();
const TUS = { 'tus-resumable': '1.0.0' };

/** The start of an MP4 file (an `ftyp` box) followed by `size` bytes in all. */
const fakeMp4 = (size: number) =>
  Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d', 'hex'), randomBytes(size - 20)]);

describe('resumable source uploads (tus 1.0)', () => {
  let t: TestApp;
  let base: string;
  let video: number;
  let otherVideo: number;
  let grant: string;

  async function create(length: number, token = grant, headers: Record<string, string> = TUS) {
    return fetch(`${base}/media/uploads?t=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: {
        ...headers,
        'upload-length': String(length),
        'upload-metadata': `filename ${Buffer.from('第一课 lesson.mp4').toString('base64')}`,
      },
    });
  }

  async function patch(location: string, offset: number, body: Buffer) {
    return fetch(new URL(location, base), {
      method: 'PATCH',
      headers: { ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      body: new Uint8Array(body),
    });
  }

  const head = (location: string) => fetch(new URL(location, base), { method: 'HEAD', headers: TUS });

  beforeAll(async () => {
    t = await createTestApp({ env: { MEDIA_MAX_UPLOAD_MB: '1' }, now: () => new Date(clock) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const course = await addCourse(t.services.db, { charge: 30 });
    video = await addVideo(t.services.db, course, { url: '' });
    otherVideo = await addVideo(t.services.db, course, { url: '' });
    const issued = await runCommand(t.services, ['media:upload-token', String(video), '2']);
    expect(issued.output[0]).toMatch(/^Upload endpoint: http:\/\/api\.test\/media\/uploads\?t=u\.\d+\.\d+\./);
    grant = decodeURIComponent(issued.output[0].split('?t=')[1]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('tells a video container from anything else by its first bytes', () => {
    expect(looksLikeVideo(fakeMp4(64))).toBe(true);
    expect(looksLikeVideo(Buffer.from('1a45dfa3a34286810142f7', 'hex'))).toBe(true);
    const ts = Buffer.alloc(376);
    ts[0] = ts[188] = 0x47;
    expect(looksLikeVideo(ts)).toBe(true);
    expect(looksLikeVideo(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBe(true);
    for (const other of [
      '<?php echo 1;',
      '#EXTM3U\n#EXTINF:4,\na.ts',
      'RIFF\0\0\0\0WEBPVP8 ',
      '\x89PNG\r\n\x1a\n',
    ]) {
      expect(looksLikeVideo(Buffer.from(other, 'latin1')), other).toBe(false);
    }
  });

  it('resumes after a dropped connection and queues the finished file for transcoding', async () => {
    const file = fakeMp4(600_000);
    const created = await create(file.length);
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\?t=u\./);

    // The first 200 kB arrive; then the connection drops half-way through the next 300 kB.
    expect((await patch(location, 0, file.subarray(0, 200_000))).headers.get('upload-offset')).toBe('200000');
    await new Promise<void>((resolve) => {
      const request = http.request(new URL(location, base), {
        method: 'PATCH',
        headers: {
          ...TUS,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '200000',
          'content-length': '300000',
        },
      });
      request.on('error', () => resolve());
      request.write(file.subarray(200_000, 350_000), () => setTimeout(() => request.destroy(), 200));
      request.on('close', () => resolve());
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const status = await head(location);
    expect(status.status).toBe(200);
    const offset = Number(status.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(200_000);
    expect(offset).toBeLessThanOrEqual(350_000);
    expect(status.headers.get('upload-length')).toBe(String(file.length));

    // A PATCH from the wrong place is refused; the client goes on from the offset it was told.
    expect((await patch(location, 0, file.subarray(0, 10))).status).toBe(409);
    const last = await patch(location, offset, file.subarray(offset));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(file.length));
    const assetId = Number(last.headers.get('kezhan-asset-id'));
    const asset = (await t.services.media.assetOfVideo(video))!;
    expect(asset).toMatchObject({ id: assetId, status: 'uploaded', source_size: file.length });
    expect(asset.source_name).toBe('第一课_lesson.mp4');
    expect(fs.readFileSync(t.services.media.sourceFile(asset)).equals(file)).toBe(true);
    const done = (await (await fetch(new URL(location, base), { headers: TUS })).json()) as object;
    expect(done).toEqual({ offset: file.length, length: file.length, asset_id: assetId });
  });

  it('refuses a file over MEDIA_MAX_UPLOAD_MB, before and while it is sent', async () => {
    const over = await create(1024 * 1024 + 1);
    expect(over.status).toBe(413);
    expect(await over.text()).toBe('文件超过上传上限');
    const created = await create(1000);
    const location = created.headers.get('location')!;
    const tooMuch = await patch(location, 0, fakeMp4(1500));
    expect(tooMuch.status).toBe(413);
    expect(Number((await head(location)).headers.get('upload-offset'))).toBeLessThan(1000);
  });

  it('refuses a finished file that is not a video, whatever its name', async () => {
    const script = Buffer.from('<?php system($_GET["c"]); ?>'.padEnd(4000, ' '));
    const location = (await create(script.length)).headers.get('location')!;
    const res = await patch(location, 0, script);
    expect(res.status).toBe(415);
    expect(await res.text()).toBe('请上传视频文件');
    expect((await head(location)).status).toBe(404);
    expect((await t.services.media.assetOfVideo(video))!.source_name).toBe('第一课_lesson.mp4');
  });

  it('opens uploads only with a valid grant for their own video', async () => {
    const location = (await create(100)).headers.get('location')!;
    const id = location.split('?')[0];
    const otherGrant = t.services.media.uploadToken(otherVideo, 3600);
    const [tag, videoId, exp, mac] = grant.split('.');
    const forged = [
      '',
      `${tag}.${videoId}.${Number(exp) + 3600}.${mac}`,
      `${tag}.${otherVideo}.${exp}.${mac}`,
      `${tag}.${videoId}.${exp}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      'garbage',
    ];
    for (const token of forged) {
      expect((await create(100, token)).status, token).toBe(403);
      expect((await head(`${id}?t=${encodeURIComponent(token)}`)).status, token).toBe(404);
    }
    // Another video's grant neither sees nor feeds nor cancels this upload.
    const other = `${id}?t=${encodeURIComponent(otherGrant)}`;
    expect((await head(other)).status).toBe(404);
    expect((await patch(other, 0, fakeMp4(100))).status).toBe(404);
    expect((await fetch(new URL(other, base), { method: 'DELETE', headers: TUS })).status).toBe(404);
    expect((await head(location)).headers.get('upload-offset')).toBe('0');

    // Grants expire.
    clock += 3 * 3600_000;
    expect((await create(100)).status).toBe(403);
    expect((await head(location)).status).toBe(404);
  });

  it('checks the protocol: version, content type, termination, week-old leftovers', async () => {
    const fresh = t.services.media.uploadToken(video, 3600);
    grant = fresh;
    expect((await create(100, fresh, {})).status).toBe(412);
    const location = (await create(100, fresh)).headers.get('location')!;
    const wrongType = await fetch(new URL(location, base), {
      method: 'PATCH',
      headers: { ...TUS, 'content-type': 'application/json', 'upload-offset': '0' },
      body: '{}',
    });
    expect(wrongType.status).toBe(415);
    expect((await fetch(new URL(location, base), { method: 'DELETE', headers: TUS })).status).toBe(204);
    expect((await head(location)).status).toBe(404);

    const left = (await create(100, fresh)).headers.get('location')!;
    expect(t.services.media.uploads.purgeStale()).toBe(0);
    clock += STALE_UPLOAD_MS + 3600_000;
    expect(t.services.media.uploads.purgeStale()).toBeGreaterThan(0);
    grant = t.services.media.uploadToken(video, 3600);
    expect((await head(left.replace(/t=.*/, `t=${encodeURIComponent(grant)}`))).status).toBe(404);
  });

  it.skipIf(!ffmpegInstalled)(
    'a real video uploaded in pieces is transcoded',
    async () => {
      const source = fs.readFileSync(makeTestVideo(tmp, { seconds: 2, width: 320, height: 180 }));
      grant = t.services.media.uploadToken(otherVideo, 3600);
      const location = (await create(source.length)).headers.get('location')!;
      const half = Math.floor(source.length / 2);
      expect((await patch(location, 0, source.subarray(0, half))).status).toBe(204);
      expect((await patch(location, half, source.subarray(half))).status).toBe(204);
      expect((await t.services.media.runPending()).ready).toBeGreaterThanOrEqual(1);
      expect(await t.services.media.assetOfVideo(otherVideo)).toMatchObject({ status: 'ready', duration: 2 });
    },
    60_000,
  );
});
