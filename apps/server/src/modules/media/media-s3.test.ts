import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayInfo } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { fakeS3Env, startFakeS3, type FakeS3 } from '../../../test/support/fakes/s3';
import { addCourse, addVideo, grantCourse, newMember, type TestMember } from '../../../test/support/courses';
import { registerVideoSource, stageSource } from './ingest';
import { presignGet } from './object-store';
import {
  decryptSegment,
  fetchMedia,
  ffmpegInstalled,
  makeTestVideo,
  playlistUris,
} from '../../../test/support/media';

describe.skipIf(!ffmpegInstalled)('protected video with STORAGE_DRIVER=s3', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-media-s3-'));
  let s3: FakeS3;
  let t: TestApp;
  let buyer: TestMember;
  let video: number;

  beforeAll(async () => {
    s3 = await startFakeS3({ privateReads: true });
    t = await createTestApp({ env: fakeS3Env(s3) });
    const course = await addCourse(t.services.db, { charge: 50 });
    video = await addVideo(t.services.db, course, { url: '', free_seconds: 1 });
    buyer = await newMember(t);
    await grantCourse(t.services.db, buyer.id, course, 50);
    const source = makeTestVideo(tmp, { seconds: 2, width: 320, height: 180 });
    await registerVideoSource(
      t.services.db,
      video,
      stageSource(t.services.env.dataDir, source, 1 << 30),
      new Date(),
    );
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await s3.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('puts the encrypted segments in the bucket and plays them from presigned addresses', async () => {
    expect((await t.services.media.runPending()).ready).toBe(1);
    const asset = (await t.services.media.assetOfVideo(video))!;
    const keys = [...s3.objects.keys()];
    expect(keys.some((key) => key === `media/${asset.id}/${asset.generation}/full/180p/seg-0.ts`)).toBe(true);
    expect(keys.some((key) => key === `media/${asset.id}/${asset.generation}/trial/180p/seg-0.ts`)).toBe(
      true,
    );
    expect(keys.some((key) => key.endsWith('/poster.jpg'))).toBe(true);
    expect(keys.some((key) => /\.m3u8$|\.key$/.test(key))).toBe(false);
    expect(s3.log.filter((entry) => entry.method === 'PUT').every((entry) => entry.verdict === 'ok')).toBe(
      true,
    );
    expect(fs.existsSync(t.services.media.assetDir(asset.id))).toBe(false);

    const play = await t.request<PlayInfo>({
      method: 'GET',
      url: `/api/v2/video/${video}/playinfo`,
      token: buyer.token,
    });
    const master = await fetchMedia(t, play.data.urls[0].url);
    const media = await fetchMedia(t, playlistUris(master.body).uris[0]);
    const { uris, keyUri } = playlistUris(media.body);
    expect(uris[0].startsWith(`${s3.endpoint}/${s3.bucket}/media/${asset.id}/`)).toBe(true);
    expect(uris[0]).toContain('X-Amz-Signature=');
    const key = await fetchMedia(t, keyUri!);
    const segment = await fetch(uris[0]);
    expect(segment.status).toBe(200);
    const bytes = Buffer.from(await segment.arrayBuffer());
    expect(decryptSegment(bytes, key.bytes, 0)[0]).toBe(0x47);

    // The bucket is private: unsigned, tampered and expired addresses are refused by it.
    const bare = uris[0].split('?')[0];
    expect((await fetch(bare)).status).toBe(403);
    expect(
      (
        await fetch(
          uris[0].replace(
            /X-Amz-Signature=([0-9a-f])/,
            (_m, c) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
          ),
        )
      ).status,
    ).toBe(403);
    const expired = presignGet(
      new URL(bare),
      { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region },
      new Date(Date.now() - 3600_000),
      60,
    );
    expect((await fetch(expired)).status).toBe(403);
  }, 60_000);

  it('re-processing replaces the objects of the previous generation', async () => {
    const before = (await t.services.media.assetOfVideo(video))!;
    await t.services.media.reprocess(before.id);
    expect((await t.services.media.runPending()).ready).toBe(1);
    const after = (await t.services.media.assetOfVideo(video))!;
    const keys = [...s3.objects.keys()];
    expect(keys.some((key) => key.includes(`/${after.generation}/`))).toBe(true);
    expect(keys.some((key) => key.includes(`/${before.generation}/`))).toBe(false);
  }, 60_000);
});
