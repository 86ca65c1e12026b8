// Measures the transcode of the real pipeline (npm run bench): a 720p test source of
// BENCH_VIDEO_SECONDS (default 20) through the full ladder (360p + 720p) and a 10 s trial cut, both
// encrypted, in one ffmpeg run as the media-transcode job does. Prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { ladderFor, runFfmpeg, transcodeArgs, type TranscodePlan } from './ffmpeg';
import { KEY_PLACEHOLDER } from './playlists';

const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
const seconds = Number(process.env.BENCH_VIDEO_SECONDS || 20);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-bench-media-'));
try {
  const source = path.join(dir, 'source.mp4');
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    source,
  ]);
  fs.writeFileSync(path.join(dir, 'k'), Buffer.alloc(16, 7));
  fs.writeFileSync(path.join(dir, 'ki'), `${KEY_PLACEHOLDER}\n${path.join(dir, 'k')}\n`);
  const ladder = ladderFor(720);
  const plan: TranscodePlan = {
    source,
    hasAudio: true,
    outputs: [
      ...ladder.map((step) => ({
        ...step,
        keyInfoFile: path.join(dir, 'ki'),
        dir: path.join(dir, `${step.height}p`),
      })),
      { ...ladder[0], limitSeconds: 10, keyInfoFile: path.join(dir, 'ki'), dir: path.join(dir, 'trial') },
    ],
  };
  for (const output of plan.outputs) fs.mkdirSync(output.dir, { recursive: true });
  const started = process.hrtime.bigint();
  await runFfmpeg(ffmpeg, transcodeArgs(plan));
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    JSON.stringify({
      seconds,
      elapsed: Number(elapsed.toFixed(2)),
      speed: Number((seconds / elapsed).toFixed(2)),
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
