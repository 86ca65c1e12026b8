// `npm run bench` (BENCH_ONLY=transcode, scripts/bench-transcode.mjs): the real pipeline against
// plain ffmpeg on the same generated 720p file of BENCH_VIDEO_SECONDS (default 10) with the same
// ladder (MEDIA_LADDER) and preset, then the throughput of 1 against 2 transcodes at once.
// Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { readEnv } from '../config/env';
import { closeServices, createServices } from '../create-services';
import { ladderFor, runFfmpeg, transcodeArgs, type TranscodePlan } from '../modules/media/ffmpeg';
import { registerVideoSource, stageSource } from '../modules/media/ingest';
import { KEY_PLACEHOLDER } from '../modules/media/playlists';

const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const seconds = Number(process.env.BENCH_VIDEO_SECONDS || 10);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-bench-media-'));
const elapsedSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

try {
  const source = path.join(dir, 'source.mp4');
  execFileSync(ffmpeg, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
    ...['-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`, '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', source],
  ]);
  const env = readEnv({
    ...process.env,
    NODE_ENV: 'test',
    KEZHAN_DEV: '1',
    DATA_DIR: path.join(dir, 'data'),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    DATABASE_URL: '',
    REDIS_URL: '',
    MEDIA_TRANSCODE_CONCURRENCY: '2',
  });

  // Plain ffmpeg: the same ladder, preset and HLS encryption in one run, nothing around it.
  fs.writeFileSync(path.join(dir, 'k'), Buffer.alloc(16, 7));
  fs.writeFileSync(path.join(dir, 'ki'), `${KEY_PLACEHOLDER}\n${path.join(dir, 'k')}\n`);
  const plan: TranscodePlan = {
    source,
    hasAudio: true,
    preset: env.media.x264Preset,
    outputs: ladderFor(720, env.media.ladder).map((step) => ({
      ...step,
      keyInfoFile: path.join(dir, 'ki'),
      dir: path.join(dir, 'plain', `${step.height}p`),
    })),
  };
  for (const output of plan.outputs) fs.mkdirSync(output.dir, { recursive: true });
  let started = process.hrtime.bigint();
  await runFfmpeg(ffmpeg, transcodeArgs(plan));
  const plain = elapsedSince(started);

  // The pipeline: claim, probe, transcode, poster, publish, as a worker runs it.
  const services = await createServices(env);
  try {
    const course = await services.db
      .insertInto('courses')
      .values({ title: 'bench', slug: 'bench', published_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const staged = stageSource(env.dataDir, source, 1 << 30);
    const queue = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const video = await services.db
          .insertInto('videos')
          .values({ course_id: course.id, title: 'v', slug: `v-${Math.random()}`, url: '', duration: 0 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await registerVideoSource(services.db, video.id, staged, new Date());
      }
    };
    await queue(1);
    started = process.hrtime.bigint();
    const one = await services.media.runPending({ max: 1 });
    const pipeline = elapsedSince(started);
    if (one.ready !== 1) throw new Error(`pipeline run: ${JSON.stringify(one)}`);

    // Two jobs one after the other, then two at once (two slots of one worker).
    await queue(2);
    started = process.hrtime.bigint();
    await services.media.runPending({ max: 2 });
    const sequential = elapsedSince(started);
    await queue(2);
    const other = services.media.anotherWorker('bench-second-slot');
    started = process.hrtime.bigint();
    await Promise.all([services.media.runPending({ max: 1 }), other.runPending({ max: 1 })]);
    const parallel = elapsedSince(started);

    const round = (value: number) => Number(value.toFixed(2));
    console.log(
      JSON.stringify({
        seconds,
        ladder: plan.outputs.map((output) => `${output.height}p`).join('+'),
        preset: env.media.x264Preset,
        plainSpeed: round(seconds / plain),
        pipelineSpeed: round(seconds / pipeline),
        ratio: round(plain / pipeline),
        oneAtATime: round((2 * seconds) / sequential),
        twoAtOnce: round((2 * seconds) / parallel),
      }),
    );
  } finally {
    await closeServices(services);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
