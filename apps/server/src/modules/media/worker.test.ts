import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addCourse, addVideo } from '../../../test/support/courses';
import { ffmpegInstalled, makeTestVideo } from '../../../test/support/media';
import { signedInAdmin } from '../../../test/support/admin';
import { registerVideoSource, stageSource } from './ingest';
import { LEASE_MS, transcodeEtaSeconds, type MediaService } from './media-service';
import { TranscodeWorker } from './worker';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-media-worker-'));
let clock = Date.now();

/**
 * Transcoding at scale: any number of workers (nodes) claim from one queue. Run on PGlite and on
 * PostgreSQL, where the claims of the two workers really race on separate connections.
 */
describe.skipIf(!ffmpegInstalled)('transcode workers across nodes', () => {
  let t: TestApp;
  let course: number;
  let short: string;
  let long: string;

  async function queue(count: number, source = short): Promise<number[]> {
    const staged = stageSource(t.services.env.dataDir, source, 1 << 30);
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const video = await addVideo(t.services.db, course, { url: '', duration: 0 });
      ids.push(await registerVideoSource(t.services.db, video, staged, new Date(clock)));
    }
    return ids;
  }
  const row = (id: number) =>
    t.services.db.selectFrom('media_assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function until(check: () => Promise<boolean>, timeoutMs = 60_000) {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    short = makeTestVideo(tmp, { seconds: 2, width: 320, height: 180, name: 'short.mp4' });
    long = makeTestVideo(tmp, { seconds: 30, width: 320, height: 180, name: 'long.mp4' });
    t = await createTestApp({ now: () => new Date(clock), env: { MEDIA_TRANSCODE_CONCURRENCY: '2' } });
    course = await addCourse(t.services.db, { charge: 9 });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('never gives one asset to two workers, however their claims race', async () => {
    const ids = await queue(6);
    const nodes = [t.services.media.anotherWorker('node-a'), t.services.media.anotherWorker('node-b')];
    const claims = await Promise.all(Array.from({ length: 14 }, (_, i) => nodes[i % 2].claimNext()));
    const taken = claims.filter((claim) => claim !== null);
    expect(taken.map((claim) => claim.id).sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(taken.map((claim) => claim.claim_token)).size).toBe(6);
    for (const [index, claim] of claims.entries()) {
      if (!claim) continue;
      expect(await row(claim.id)).toMatchObject({
        status: 'transcoding',
        claim_token: claim.claim_token,
        claimed_by: index % 2 ? 'node-b' : 'node-a',
        attempts: 1,
      });
    }
    expect(await nodes[0].claimNext()).toBeNull();
    await t.services.db.deleteFrom('media_assets').where('id', 'in', ids).execute();
  });

  it('gives the asset of a worker that died to another once its lease lapses; one publish only', async () => {
    const [id] = await queue(1);
    const a = t.services.media.anotherWorker('node-a');
    const b = t.services.media.anotherWorker('node-b');
    const claimedByA = (await a.claimNext())!;
    // A dies here: no heartbeat renews its lease. While the lease runs nobody takes the asset.
    expect(await b.claimNext()).toBeNull();
    clock += LEASE_MS + 1000;
    const claimedByB = (await b.claimNext())!;
    expect(claimedByB).toMatchObject({ id, claimed_by: 'node-b', attempts: 2 });
    expect(await b.process(claimedByB)).toBe('ready');
    const published = await row(id);
    expect(published).toMatchObject({ status: 'ready', generation: claimedByB.claim_token });

    // A comes back to life and finishes its transcode: it publishes nothing.
    expect(await a.process(claimedByA)).toBe('lost');
    const after = await row(id);
    expect(after).toMatchObject({
      status: 'ready',
      generation: published.generation,
      full_key: published.full_key,
      renditions: published.renditions,
    });
    expect(fs.readdirSync(t.services.media.assetDir(id))).toEqual([published.generation]);
  }, 60_000);

  it('runs at most MEDIA_TRANSCODE_CONCURRENCY transcodes at once, worker slots and job together', async () => {
    const ids = await queue(5);
    const media: MediaService = t.services.media;
    const process = media.process.bind(media);
    let running = 0;
    let peak = 0;
    const spy = vi.spyOn(media, 'process').mockImplementation(async (asset, options) => {
      running += 1;
      peak = Math.max(peak, running);
      try {
        return await process(asset, options);
      } finally {
        running -= 1;
      }
    });
    // More slots than the limit, and the scheduled job's run on top.
    const worker = new TranscodeWorker(media, { concurrency: 3, idleMs: 20 });
    worker.start();
    const job = media.runPending({ max: 10 });
    await until(async () => {
      const rows = await t.services.db
        .selectFrom('media_assets')
        .select('status')
        .where('id', 'in', ids)
        .execute();
      return rows.every((r) => r.status === 'ready');
    });
    await worker.stop();
    await job;
    spy.mockRestore();
    expect(peak).toBe(2);
    expect(media.activeTranscodes).toBe(0);
    for (const id of ids) expect((await row(id)).attempts).toBe(1);
  }, 120_000);

  it('shows progress and the time left in the console; a stopping worker hands its asset back', async () => {
    const [id] = await queue(1, long);
    const video = (await row(id)).video_id!;
    const worker = new TranscodeWorker(t.services.media, { concurrency: 1, idleMs: 20 });
    worker.start();
    await until(async () => (await row(id)).status === 'transcoding');
    const claimedAt = (await row(id)).claimed_at!;
    expect(
      transcodeEtaSeconds({ status: 'transcoding', progress: 25, claimed_at: claimedAt }, claimedAt),
    ).toBe(0);
    // A quarter done a minute after the claim: three more minutes.
    await t.services.db.updateTable('media_assets').set({ progress: 25 }).where('id', '=', id).execute();
    const admin = await signedInAdmin(t, 'content', 'editor');
    const at = new Date(claimedAt.getTime() + 60_000);
    clock = at.getTime();
    const shown = await admin.request({ method: 'GET', url: `/api/admin/videos/${video}/media` });
    expect(shown.data).toMatchObject({ status: 'transcoding', eta_seconds: 180 });

    await worker.stop();
    expect(await row(id)).toMatchObject({ status: 'uploaded', claim_token: null, attempts: 0 });
    // Another node takes it at once, without waiting for a lease to lapse.
    expect(await t.services.media.anotherWorker('node-b').claimNext()).toMatchObject({ id, attempts: 1 });
    const none = await admin.request({ method: 'GET', url: `/api/admin/videos/${video}/media` });
    expect(none.data).toMatchObject({ eta_seconds: null });
  }, 120_000);
});
