import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCourse, addVideo } from '../../../test/support/courses';
import { ffmpegInstalled, makeTestVideo } from '../../../test/support/media';
import { checkUploadedVideo, registerVideoSource, stageSource } from './ingest';
import { ladderFor, MediaSourceError, posterArgs, transcodeArgs } from './ffmpeg';
import { readEnv } from '../../config/env';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-media-sources-'));

/** Everything ffmpeg opens is a local file read by a video demuxer, whoever staged the source. */
describe('what ffmpeg may read', () => {
  it('puts the protocol and demuxer whitelists in front of every input', () => {
    const plan = {
      source: '/s/a.mp4',
      hasAudio: false,
      outputs: [{ height: 360, videoKbps: 800, audioKbps: 96, keyInfoFile: '/k', dir: '/o' }],
    };
    for (const args of [transcodeArgs(plan), posterArgs('/s/a.mp4', 1, '/o/p.jpg')]) {
      const input = args.indexOf('-i');
      expect(args.slice(input - 4, input)).toEqual([
        '-protocol_whitelist',
        'file',
        '-format_whitelist',
        'mov,matroska,mpegts,mpeg,avi,flv,asf',
      ]);
    }
    expect(transcodeArgs({ ...plan, allowPlaylist: true })).toContain(
      'mov,matroska,mpegts,mpeg,avi,flv,asf,hls',
    );
  });
});

describe.skipIf(!ffmpegInstalled)('crafted sources never reach another file or address', () => {
  let t: TestApp;
  let course: number;
  let server: http.Server;
  let port = 0;
  const hits: string[] = [];

  async function transcode(file: string) {
    const video = await addVideo(t.services.db, course, { url: '', duration: 0 });
    const staged = stageSource(t.services.env.dataDir, file, 1 << 30);
    await registerVideoSource(t.services.db, video, staged, new Date());
    await t.services.media.runPending();
    return (await t.services.media.assetOfVideo(video))!;
  }

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      response.end('#EXTM3U\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    t = await createTestApp();
    course = await addCourse(t.services.db, { charge: 9 });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    server.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('fails a concat list and a text file with a Chinese reason, no path and no ffprobe words', async () => {
    const concat = path.join(tmp, 'concat.mp4');
    fs.writeFileSync(concat, `ffconcat version 1.0\nfile /etc/passwd\nfile http://127.0.0.1:${port}/c\n`);
    const text = path.join(tmp, 'lesson.mp4');
    fs.writeFileSync(text, 'this is not a video at all');
    for (const file of [concat, text]) {
      const asset = await transcode(file);
      expect(asset).toMatchObject({
        status: 'failed',
        failure_reason: '无法识别的视频文件',
        generation: null,
      });
    }
    expect(hits).toEqual([]);
  }, 60_000);

  it('plays a staged playlist but follows no address or other playlist inside it', async () => {
    const dir = path.join(tmp, 'hls');
    fs.mkdirSync(dir);
    // The "segment" beside the playlist is itself a playlist naming an address and a file.
    fs.writeFileSync(
      path.join(dir, 'seg.ts'),
      `#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nhttp://127.0.0.1:${port}/leak.ts\n#EXTINF:4,\n/etc/passwd\n#EXT-X-ENDLIST\n`,
    );
    fs.writeFileSync(
      path.join(dir, 'index.m3u8'),
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nseg.ts\n#EXT-X-ENDLIST\n',
    );
    const asset = await transcode(path.join(dir, 'index.m3u8'));
    expect(asset.status).toBe('failed');
    expect(asset.failure_reason).toMatch(/^[^a-zA-Z/]*$/);
    expect(hits).toEqual([]);
  }, 60_000);

  it('checks an upload before it becomes a source: container bytes, then ffprobe', async () => {
    const refused = async (content: string | Buffer) => {
      const file = path.join(tmp, `upload-${Math.random()}.mp4`);
      fs.writeFileSync(file, content);
      const error = await checkUploadedVideo(file, t.services.env.media.ffprobePath).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediaSourceError);
      return (error as MediaSourceError).message;
    };
    expect(await refused(`#EXTM3U\n#EXTINF:4,\nhttp://127.0.0.1:${port}/x.ts\n#EXT-X-ENDLIST\n`)).toBe(
      '无法识别的视频文件',
    );
    expect(await refused('ffconcat version 1.0\nfile /etc/passwd\n')).toBe('无法识别的视频文件');
    // MP4's first bytes, then garbage: ffprobe finds no video in it.
    const fakeMp4 = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(4000, 7)]);
    expect(await refused(fakeMp4)).toBe('无法识别的视频文件');
    await expect(
      checkUploadedVideo(makeTestVideo(tmp, { seconds: 1, width: 160, height: 120 }), 'ffprobe'),
    ).resolves.toBeUndefined();
    expect(hits).toEqual([]);
  }, 60_000);
});

describe('the ladder, the preset and the node role from the environment', () => {
  it('keeps 360p + 720p by default and takes 540p / 1080p rungs with their bitrates', () => {
    const base = { JWT_SECRET: 'x'.repeat(40), KEZHAN_DEV: '1', NODE_ENV: 'test' };
    const defaults = readEnv(base);
    expect(defaults.media.ladder).toEqual([
      { height: 360, videoKbps: 800, audioKbps: 96 },
      { height: 720, videoKbps: 2500, audioKbps: 128 },
    ]);
    expect(defaults).toMatchObject({
      role: 'all',
      media: { transcodeConcurrency: 1, x264Preset: 'veryfast' },
    });
    const wide = readEnv({ ...base, MEDIA_LADDER: '1080p:5000,360:800,540:1400:96,720:2500' });
    expect(ladderFor(1080, wide.media.ladder).map((r) => [r.height, r.videoKbps, r.audioKbps])).toEqual([
      [360, 800, 96],
      [540, 1400, 96],
      [720, 2500, 128],
      [1080, 5000, 128],
    ]);
    expect(ladderFor(600, wide.media.ladder).map((r) => r.height)).toEqual([360, 540]);
    const plan = {
      source: '/s/a.mp4',
      hasAudio: false,
      preset: 'superfast',
      outputs: ladderFor(1080, wide.media.ladder).map((r) => ({
        ...r,
        keyInfoFile: '/k',
        dir: `/o/${r.height}`,
      })),
    };
    const args = transcodeArgs(plan);
    expect(args.filter((arg) => arg === 'superfast')).toHaveLength(4);
    expect(args).toContain('1400k');
    for (const [name, value] of [
      ['MEDIA_LADDER', '720'],
      ['MEDIA_LADDER', '360:800,360:900'],
      ['MEDIA_X264_PRESET', 'placebo'],
      ['KEZHAN_ROLE', 'transcoder'],
    ]) {
      expect(() => readEnv({ ...base, [name]: value }), `${name}=${value}`).toThrow(name);
    }
    expect(readEnv({ ...base, KEZHAN_ROLE: 'worker', MEDIA_TRANSCODE_CONCURRENCY: '3' })).toMatchObject({
      role: 'worker',
      media: { transcodeConcurrency: 3 },
    });
  });
});
