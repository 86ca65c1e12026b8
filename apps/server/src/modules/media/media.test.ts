import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  addCourse,
  addVideo,
  FUTURE,
  grantCourse,
  makeVip,
  newMember,
  type TestMember,
} from '../../../test/support/courses';
import { registerVideoSource, stageSource } from './ingest';
import { ladderFor } from './ffmpeg';
import { LEASE_MS } from './media-service';
import {
  decryptSegment,
  fetchMedia,
  ffmpegInstalled,
  makeTestVideo,
  playlistUris,
} from '../../../test/support/media';
import { seedDemoCatalogue } from '../../seed/demo-catalogue';
import { runCommand } from '../../cli/run-command';
import { KeyVault } from '../../shared/crypto/key-vault';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-media-test-'));
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
};

describe.skipIf(!ffmpegInstalled)('protected video: transcode, encrypt, play only if entitled', () => {
  let t: TestApp;
  let buyer: TestMember;
  let member: TestMember;
  let vip: TestMember;
  let paidVideo: number;
  let otherPaidVideo: number;
  let source: string;

  const playinfo = (videoId: number, token?: string, query = '?is_try=0') =>
    t.request<PlayInfo>({ method: 'GET', url: `/api/v2/video/${videoId}/playinfo${query}`, token });

  /** Follows a playinfo URL down to the key and the first segment. */
  async function walk(url: string) {
    const master = await fetchMedia(t, url);
    expect(master.status).toBe(200);
    expect(master.headers['cache-control']).toBe('private, no-store');
    const variants = playlistUris(master.body).uris;
    const media = await fetchMedia(t, variants[0]);
    expect(media.status).toBe(200);
    const { uris, keyUri } = playlistUris(media.body);
    return { master: master.body, variants, media: media.body, segments: uris, keyUri: keyUri! };
  }

  async function ingest(videoId: number) {
    const staged = stageSource(t.services.env.dataDir, source, 1024 * 1024 * 1024);
    return registerVideoSource(t.services.db, videoId, staged, new Date(clock));
  }

  beforeAll(async () => {
    source = makeTestVideo(tmp, { seconds: 3, width: 640, height: 360 });
    t = await createTestApp({ now: () => new Date(clock) });
    const { db } = t.services;
    [buyer, member, vip] = [await newMember(t), await newMember(t), await newMember(t)];
    const course = await addCourse(db, { charge: 99, is_vip_free: 1 });
    paidVideo = await addVideo(db, course, { url: '', duration: 0, free_seconds: 2 });
    otherPaidVideo = await addVideo(db, course, { url: '', duration: 0 });
    await grantCourse(db, buyer.id, course, 99);
    await makeVip(db, vip.id, FUTURE);
    await ingest(paidVideo);
    await ingest(otherPaidVideo);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('plans the ladder without upscaling', () => {
    expect(ladderFor(1080).map((s) => s.height)).toEqual([360, 720]);
    expect(ladderFor(720).map((s) => s.height)).toEqual([360, 720]);
    expect(ladderFor(480).map((s) => s.height)).toEqual([360]);
    expect(ladderFor(180).map((s) => s.height)).toEqual([180]);
  });

  it('is not playable before it is transcoded', async () => {
    expect(await playinfo(paidVideo, buyer.token)).toMatchObject({
      code: 1,
      message: '视频处理中，请稍后再试',
    });
  });

  it('runs one asset once when two workers claim it at the same time', async () => {
    const [a, b] = await Promise.all([
      t.services.media.runPending({ max: 1 }),
      t.services.media.anotherWorker('second-node').runPending({ max: 1 }),
    ]);
    // Two workers, two assets: each asset transcoded by exactly one of them.
    expect(a.ready + b.ready).toBe(2);
    expect(a.failed + b.failed + a.lost + b.lost).toBe(0);
    const assets = await t.services.db.selectFrom('media_assets').selectAll().orderBy('id').execute();
    expect(assets.map((row) => [row.status, row.attempts, row.progress])).toEqual([
      ['ready', 1, 100],
      ['ready', 1, 100],
    ]);
    expect(assets[0]).toMatchObject({
      duration: 3,
      trial_seconds: 2,
      trial_rendition: '360p',
      has_poster: 1,
    });
    expect(JSON.parse(assets[0].renditions)).toEqual([
      expect.objectContaining({
        name: '360p',
        width: 640,
        height: 360,
        playlist: expect.stringContaining('#EXTM3U'),
      }),
      expect.objectContaining({
        name: '360p',
        scope: 'trial',
        playlist: expect.stringContaining('seg-0.ts'),
      }),
    ]);
    expect(assets[0].full_key).toMatch(/^v1\./);
    expect(await t.services.media.claimNext()).toBeNull();
  }, 60_000);

  it('lets the buyer decrypt the full stream with the key', async () => {
    const play = await playinfo(paidVideo, buyer.token);
    expect(play.code).toBe(0);
    expect(play.data.urls).toHaveLength(1);
    expect(play.data.urls[0]).toMatchObject({ format: 'm3u8', duration: 3, name: '' });
    expect(play.data.urls[0].url).toMatch(
      new RegExp(`^http://api\\.test/media/hls/${paidVideo}/full/master\\.m3u8\\?t=`),
    );
    const { media, segments, keyUri } = await walk(play.data.urls[0].url);
    expect(media).toContain('#EXT-X-KEY:METHOD=AES-128');
    expect(media).not.toContain('key://');
    const key = await fetchMedia(t, keyUri);
    expect(key.status).toBe(200);
    expect(key.bytes).toHaveLength(16);
    expect(key.headers['cache-control']).toBe('private, no-store');
    const segment = await fetchMedia(t, segments[0]);
    expect(segment.status).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.bytes[0]).not.toBe(0x47);
    const plain = decryptSegment(segment.bytes, key.bytes, 0);
    expect(plain[0]).toBe(0x47);
    expect(plain[188]).toBe(0x47);
  });

  it('refuses the key and the full playlist to guests, unentitled members and expired VIPs', async () => {
    const play = await playinfo(paidVideo, vip.token);
    const { keyUri, variants } = await walk(play.data.urls[0].url);
    expect(await playinfo(paidVideo, member.token, '')).toMatchObject({ code: 1, message: '请购买后观看' });
    expect((await playinfo(paidVideo)).code).toBe(401);

    // Guests and strangers without a signature.
    const stripped = (address: string) => address.replace(/\?t=.*$/, '');
    expect((await fetchMedia(t, stripped(play.data.urls[0].url))).status).toBe(403);
    expect((await fetchMedia(t, stripped(keyUri))).status).toBe(403);
    expect((await fetchMedia(t, stripped(variants[0]))).status).toBe(403);

    // The VIP's own address stops opening the key the moment the VIP lapses.
    await t.services.db
      .updateTable('users')
      .set({ role_expired_at: new Date(clock - 1000) })
      .where('id', '=', vip.id)
      .execute();
    expect((await fetchMedia(t, keyUri)).status).toBe(403);
    expect((await fetchMedia(t, play.data.urls[0].url)).status).toBe(403);
    expect((await fetchMedia(t, variants[0])).status).toBe(403);
    expect(await playinfo(paidVideo, vip.token, '')).toMatchObject({ code: 1, message: '请购买后观看' });
  });

  it('refuses tampered, other-member, other-video and expired signatures', async () => {
    const play = await playinfo(paidVideo, buyer.token);
    const url = play.data.urls[0].url;
    const { keyUri } = await walk(url);
    const token = new URL(url).searchParams.get('t')!;
    const [userId, session, scope, kind, exp, mac] = token.split('.');
    const flip = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
    const variants = [
      `${userId}.${session}.${scope}.${kind}.${exp}.${flip}`,
      `${member.id}.${session}.${scope}.${kind}.${exp}.${mac}`,
      `${userId}.${Number(session) + 1}.${scope}.${kind}.${exp}.${mac}`,
      `${userId}.${session}.${scope}.${kind}.${Number(exp) + 3600}.${mac}`,
      `${userId}.${session}.trial.${kind}.${exp}.${mac}`,
      `${userId}.${session}.${scope}.p.${exp}.${mac}`,
      `${userId}.${session}.${scope}.${kind}.${exp}`,
      '',
    ];
    for (const forged of variants) {
      expect((await fetchMedia(t, url.replace(token, encodeURIComponent(forged)))).status).toBe(403);
      expect((await fetchMedia(t, keyUri.replace(/t=[^&]+/, `t=${encodeURIComponent(forged)}`))).status).toBe(
        403,
      );
    }
    // The buyer's address names its video: it opens no other one.
    const otherVideo = url.replace(`/media/hls/${paidVideo}/`, `/media/hls/${otherPaidVideo}/`);
    expect((await fetchMedia(t, otherVideo)).status).toBe(403);
    const otherKey = keyUri.replace(`/media/hls/${paidVideo}/`, `/media/hls/${otherPaidVideo}/`);
    expect((await fetchMedia(t, otherKey)).status).toBe(403);

    // A locked member's addresses stop opening the key at once.
    await t.services.db.updateTable('users').set({ is_lock: 1 }).where('id', '=', buyer.id).execute();
    expect((await fetchMedia(t, keyUri)).status).toBe(403);
    await t.services.db.updateTable('users').set({ is_lock: 0 }).where('id', '=', buyer.id).execute();
    expect((await fetchMedia(t, keyUri)).status).toBe(200);

    // Ten minutes later the playlist address has expired; playinfo gives a new one.
    advance(t.services.env.media.urlTtlSeconds * 1000 + 1000);
    expect((await fetchMedia(t, url)).status).toBe(403);
    const fresh = await playinfo(paidVideo, buyer.token);
    expect((await fetchMedia(t, fresh.data.urls[0].url)).status).toBe(200);
  });

  it('gives a trial viewer exactly the trial rendition, under its own key', async () => {
    const play = await playinfo(paidVideo, member.token, '?is_try=1');
    expect(play.data.trial_seconds).toBe(2);
    expect(play.data.urls[0]).toMatchObject({ name: '试看', duration: 2 });
    const url = play.data.urls[0].url;
    expect(url).toContain(`/media/hls/${paidVideo}/trial/master.m3u8`);
    const { media, segments, keyUri } = await walk(url);
    const seconds = [...media.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(seconds).toBeGreaterThan(1.5);
    expect(seconds).toBeLessThanOrEqual(2.1);
    expect(segments.every((s) => s.includes('/trial/'))).toBe(true);
    const trialKey = await fetchMedia(t, keyUri);
    expect(trialKey.status).toBe(200);
    const plain = decryptSegment((await fetchMedia(t, segments[0])).bytes, trialKey.bytes, 0);
    expect(plain[0]).toBe(0x47);

    // The trial grant opens nothing of the full stream.
    expect((await fetchMedia(t, url.replace('/trial/', '/full/'))).status).toBe(403);
    expect((await fetchMedia(t, keyUri.replace('/trial/', '/full/'))).status).toBe(403);
    const buyerFull = await walk((await playinfo(paidVideo, buyer.token)).data.urls[0].url);
    const fullKey = await fetchMedia(t, buyerFull.keyUri);
    expect(fullKey.bytes.equals(trialKey.bytes)).toBe(false);
    const memberToken = new URL(url).searchParams.get('t')!;
    const fullSegment = buyerFull.segments[0].replace(/t=[^&]+/, `t=${memberToken}`);
    expect((await fetchMedia(t, fullSegment)).status).toBe(403);
  });

  it('cuts the trial again when free_seconds changes, serving no trial meanwhile', async () => {
    await t.services.db.updateTable('videos').set({ free_seconds: 1 }).where('id', '=', paidVideo).execute();
    const play = await playinfo(paidVideo, member.token, '?is_try=1');
    expect(play.data).toEqual({ urls: [], trial_seconds: 1 });
    expect((await t.services.media.assetOfVideo(paidVideo))!.status).toBe('uploaded');
    expect((await playinfo(paidVideo, buyer.token)).code).toBe(0);
    expect((await t.services.media.runPending()).ready).toBe(1);
    const again = await playinfo(paidVideo, member.token, '?is_try=1');
    expect(again.data.urls[0]).toMatchObject({ duration: 1, name: '试看' });
    expect((await t.services.media.assetOfVideo(paidVideo))!.trial_seconds).toBe(1);
  }, 60_000);

  it('serves nothing from the former plain folders', async () => {
    for (const address of [
      '/media/some-course/lesson.m3u8',
      '/media/assets/1/key',
      '/demo/video/lesson.m3u8',
    ]) {
      const response = await fetchMedia(t, address);
      expect(response.status).toBe(404);
      expect(response.body).not.toContain('#EXTM3U');
    }
  });

  it('recovers a transcode killed half-way, never publishing a half asset', async () => {
    const assetId = await t.services.media
      .reprocess((await t.services.media.assetOfVideo(otherPaidVideo))!.id)
      .then(async () => (await t.services.media.assetOfVideo(otherPaidVideo))!.id);
    const before = (await t.services.media.assetOfVideo(otherPaidVideo))!;
    const claimed = (await t.services.media.claimNext({ assetId }))!;
    const killer = new AbortController();
    const running = t.services.media.process(claimed, { signal: killer.signal });
    setTimeout(() => killer.abort(), 150);
    expect(await running).toBe('interrupted');
    const stuck = (await t.services.media.assetOfVideo(otherPaidVideo))!;
    expect(stuck).toMatchObject({
      status: 'transcoding',
      generation: before.generation,
      full_key: before.full_key,
    });
    // The previous generation keeps playing meanwhile.
    expect((await playinfo(otherPaidVideo, buyer.token)).code).toBe(0);
    // Nobody else takes it while the claim is fresh; once it lapses, the next run redoes it.
    expect(await t.services.media.claimNext()).toBeNull();
    advance(LEASE_MS + 1000);
    const counts = await t.services.media.runPending();
    expect(counts.ready).toBe(1);
    const recovered = (await t.services.media.assetOfVideo(otherPaidVideo))!;
    expect(recovered).toMatchObject({ status: 'ready', attempts: 2 });
    expect(recovered.generation).not.toBe(before.generation);
    expect(fs.readdirSync(t.services.media.assetDir(assetId))).toEqual([recovered.generation]);
    const play = await playinfo(otherPaidVideo, buyer.token);
    const { segments, keyUri } = await walk(play.data.urls[0].url);
    const key = (await fetchMedia(t, keyUri)).bytes;
    expect(decryptSegment((await fetchMedia(t, segments[0])).bytes, key, 0)[0]).toBe(0x47);
  }, 60_000);

  it('fails a file that is not a video, with a Chinese reason', async () => {
    const fake = path.join(tmp, 'lesson.mp4');
    fs.writeFileSync(fake, 'this is not a video at all');
    const staged = stageSource(t.services.env.dataDir, fake, 1024 * 1024);
    const course = await addCourse(t.services.db, { charge: 9 });
    const video = await addVideo(t.services.db, course, { url: '' });
    await registerVideoSource(t.services.db, video, staged, new Date(clock));
    expect((await t.services.media.runPending()).failed).toBe(1);
    const asset = (await t.services.media.assetOfVideo(video))!;
    expect(asset.status).toBe('failed');
    expect(asset.failure_reason).toBe('无法识别的视频文件');
    expect(asset.generation).toBeNull();
  });
});

describe('without ffmpeg', () => {
  let t: TestApp;
  const warnings: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { FFMPEG_PATH: '/nonexistent/ffmpeg' } });
    t.services.media.logger = { info() {}, warn: (_details, message) => warnings.push(message) };
  });
  afterAll(() => t.close());

  it('still packages and plays the demo, encrypted per video, and says transcoding is unavailable', async () => {
    expect(t.services.media.ffmpegAvailable).toBe(false);
    await seedDemoCatalogue(t.services);
    const assets = await t.services.db.selectFrom('media_assets').selectAll().execute();
    expect(assets.length).toBeGreaterThan(20);
    expect(assets.every((a) => a.status === 'ready')).toBe(true);
    expect(new Set(assets.map((a) => a.full_key)).size).toBe(assets.length);
    const trial = assets.find((a) => a.trial_rendition)!;
    expect(trial).toMatchObject({ trial_seconds: 4, duration: 12 });

    const member = await newMember(t);
    const play = await t.request<PlayInfo>({
      method: 'GET',
      url: `/api/v2/video/${trial.video_id}/playinfo?is_try=1`,
      token: member.token,
    });
    expect(play.data.trial_seconds).toBe(4);
    const master = await fetchMedia(t, play.data.urls[0].url);
    const media = await fetchMedia(t, playlistUris(master.body).uris[0]);
    const { uris, keyUri } = playlistUris(media.body);
    expect(uris).toHaveLength(1);
    const key = await fetchMedia(t, keyUri!);
    expect(decryptSegment((await fetchMedia(t, uris[0])).bytes, key.bytes, 0)[0]).toBe(0x47);

    // An MP4 waits for ffmpeg, and the operator is told why.
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-noffmpeg-'));
    fs.writeFileSync(path.join(tmpDir, 'a.mp4'), 'pretend');
    await registerVideoSource(
      t.services.db,
      trial.video_id!,
      stageSource(t.services.env.dataDir, path.join(tmpDir, 'a.mp4'), 1 << 20),
      new Date(),
    );
    expect((await t.services.media.runPending()).waiting).toBe(1);
    expect(warnings.join()).toContain('Transcoding unavailable: ffmpeg not found');
    const listed = await runCommand(t.services, ['media:list', 'uploaded']);
    expect(listed.output.join('\n')).toMatch(/uploaded {2}playing src, 12s, trial 4s {2}a\.mp4/);
    expect(listed.output.join('\n')).toContain('Transcoding unavailable');
    // The previous encrypted rendition keeps playing meanwhile.
    expect((await fetchMedia(t, play.data.urls[0].url)).status).toBe(200);
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  it('re-wraps stored keys under a new MEDIA_KEY_SECRET, keeping the content keys', async () => {
    const before = await t.services.db
      .selectFrom('media_assets')
      .select(['id', 'full_key'])
      .orderBy('id')
      .execute();
    const oldVault = new KeyVault(
      fs.readFileSync(path.join(t.services.env.dataDir, 'media-key-secret'), 'utf8'),
    );
    const rotated = new KeyVault('a-brand-new-media-key-secret-of-enough-length', [
      fs.readFileSync(path.join(t.services.env.dataDir, 'media-key-secret'), 'utf8'),
    ]);
    const key = oldVault.unwrap(before[0].full_key);
    expect(rotated.unwrap(before[0].full_key).equals(key)).toBe(true);
    expect(rotated.isCurrent(before[0].full_key)).toBe(false);
    const rewrapped = rotated.wrap(key);
    expect(() => oldVault.unwrap(rewrapped)).toThrow(/unknown MEDIA_KEY_SECRET/);
    expect(rotated.unwrap(rewrapped).equals(key)).toBe(true);
    expect((await runCommand(t.services, ['media:rekey'])).output[0]).toBe(
      '0 asset(s) re-wrapped under the current MEDIA_KEY_SECRET',
    );
  });
});
