import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCourse, addVideo, newMember, type TestMember } from '../../../test/support/courses';
import {
  decryptSegment,
  fetchMedia,
  ffmpegInstalled,
  makeTestVideo,
  playlistUris,
  TEST_FFMPEG,
} from '../../../test/support/media';
import { registerVideoSource, stageSource } from './ingest';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-media-trial-'));

/**
 * A trial as long as the lesson (or longer) is the whole lesson; and a member asking for a trial
 * can queue at most one transcode per change of free_seconds, whatever they ask and how often.
 */
describe.skipIf(!ffmpegInstalled)('trial of at least the lesson length; bounded re-cuts', () => {
  let t: TestApp;
  let member: TestMember;
  let course: number;

  const playinfo = (videoId: number) =>
    t.request<PlayInfo>({
      method: 'GET',
      url: `/api/v2/video/${videoId}/playinfo?is_try=1`,
      token: member.token,
    });
  const asset = async (videoId: number) => (await t.services.media.assetOfVideo(videoId))!;
  const setFree = (videoId: number, seconds: number) =>
    t.services.db.updateTable('videos').set({ free_seconds: seconds }).where('id', '=', videoId).execute();

  async function newLesson(source: string, freeSeconds: number) {
    const video = await addVideo(t.services.db, course, { url: '', duration: 0, free_seconds: freeSeconds });
    const staged = stageSource(t.services.env.dataDir, source, 1 << 30);
    await registerVideoSource(t.services.db, video, staged, new Date());
    return video;
  }

  beforeAll(async () => {
    t = await createTestApp();
    member = await newMember(t);
    course = await addCourse(t.services.db, { charge: 99 });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('plays the whole lesson as the trial, from the full ladder, without transcoding again', async () => {
    const video = await newLesson(makeTestVideo(tmp, { seconds: 3, name: 'whole.mp4' }), 10);
    expect((await t.services.media.runPending()).ready).toBe(1);
    const published = await asset(video);
    expect(published).toMatchObject({ status: 'ready', attempts: 1, trial_rendition: '', duration: 3 });

    for (let i = 0; i < 5; i += 1) {
      const play = await playinfo(video);
      expect(play.code).toBe(0);
      expect(play.data.trial_seconds).toBe(3);
      expect(play.data.urls).toHaveLength(1);
      expect(play.data.urls[0]).toMatchObject({ name: '试看', duration: 3, format: 'm3u8' });
      expect(play.data.urls[0].url).toContain(`/media/hls/${video}/full/master.m3u8?t=`);
    }
    // Nothing was queued: same generation, no claimable asset.
    expect(await asset(video)).toMatchObject({
      status: 'ready',
      attempts: 1,
      generation: published.generation,
    });
    expect(await t.services.media.claimNext()).toBeNull();

    // The trial member plays and decrypts the whole stream.
    const url = (await playinfo(video)).data.urls[0].url;
    const master = await fetchMedia(t, url);
    expect(master.status).toBe(200);
    const media = await fetchMedia(t, playlistUris(master.body).uris[0]);
    const { uris, keyUri } = playlistUris(media.body);
    const seconds = [...media.body.matchAll(/#EXTINF:([\d.]+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
    expect(seconds).toBeGreaterThan(2.9);
    const key = await fetchMedia(t, keyUri!);
    expect(key.status).toBe(200);
    expect(decryptSegment((await fetchMedia(t, uris[0])).bytes, key.bytes, 0)[0]).toBe(0x47);

    // The trial shortened below the length: the full grant stops at once, one re-cut is queued
    // however often the member asks, and the new cut plays under the trial key.
    await setFree(video, 1);
    expect((await fetchMedia(t, url)).status).toBe(403);
    expect((await fetchMedia(t, keyUri!)).status).toBe(403);
    for (let i = 0; i < 5; i += 1) {
      expect((await playinfo(video)).data).toEqual({ urls: [], trial_seconds: 1 });
    }
    expect(await asset(video)).toMatchObject({ status: 'uploaded', attempts: 0 });
    expect(await t.services.media.runPending()).toMatchObject({ ready: 1, failed: 0 });
    expect(await t.services.media.runPending()).toMatchObject({ ready: 0 });
    for (let i = 0; i < 3; i += 1) {
      const again = await playinfo(video);
      expect(again.data.urls[0]).toMatchObject({ name: '试看', duration: 1 });
      expect(again.data.urls[0].url).toContain(`/media/hls/${video}/trial/master.m3u8`);
    }
    expect(await asset(video)).toMatchObject({ status: 'ready', trial_seconds: 1, trial_for: 1 });
    expect(await t.services.media.claimNext()).toBeNull();

    // Lengthened past the lesson again: whole lesson at once, no transcode.
    await setFree(video, 3600);
    expect((await playinfo(video)).data.urls[0].url).toContain('/full/master.m3u8');
    expect(await t.services.media.claimNext()).toBeNull();
  }, 90_000);

  it('queues no re-cut when the cut is shorter than free_seconds (segment boundaries)', async () => {
    // An HLS source in 2-second segments, packaged without re-encoding: a 3-second trial ends
    // at the 2-second boundary, so trial_seconds (2) differs from free_seconds (3).
    const dir = path.join(tmp, 'hls');
    fs.mkdirSync(dir);
    const mp4 = makeTestVideo(tmp, { seconds: 6, name: 'six.mp4' });
    execFileSync(TEST_FFMPEG, [
      ...['-hide_banner', '-loglevel', 'error', '-i', mp4, '-c:a', 'copy', '-c:v', 'libx264'],
      ...['-preset', 'ultrafast', '-g', '15', '-f', 'hls'],
      ...['-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_filename'],
      ...[path.join(dir, 's%d.ts'), path.join(dir, 'index.m3u8')],
    ]);
    const video = await newLesson(path.join(dir, 'index.m3u8'), 3);
    expect((await t.services.media.runPending({ packageOnly: true })).ready).toBe(1);
    const published = await asset(video);
    expect(published.trial_seconds).toBeLessThan(3);
    expect(published.trial_for).toBe(3);
    for (let i = 0; i < 5; i += 1) {
      expect((await playinfo(video)).data.urls[0].url).toContain('/trial/master.m3u8');
    }
    expect(await asset(video)).toMatchObject({ status: 'ready', generation: published.generation });
  }, 60_000);

  it('never queues a failed asset from a request', async () => {
    const video = await newLesson(makeTestVideo(tmp, { seconds: 3, name: 'failing.mp4' }), 1);
    expect((await t.services.media.runPending()).ready).toBe(1);
    await t.services.db
      .updateTable('media_assets')
      .set({ status: 'failed', failure_reason: '转码失败' })
      .where('video_id', '=', video)
      .execute();
    await setFree(video, 2);
    for (let i = 0; i < 3; i += 1) expect((await playinfo(video)).data.urls).toEqual([]);
    expect(await asset(video)).toMatchObject({ status: 'failed', attempts: 1 });
  }, 60_000);
});
