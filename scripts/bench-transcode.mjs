// `npm run bench` part `transcode` (BENCH_ONLY=transcode): the real-time factor of the media
// pipeline (claim, probe, ladder + encryption, poster, publish) against plain ffmpeg running the
// same ladder on the same generated 720p file (target ratio ≥ 0.9), and the throughput of 1
// against 2 transcodes at once. BENCH_VIDEO_SECONDS (default 10), MEDIA_LADDER, MEDIA_X264_PRESET.
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { hasFfmpeg, root } from './lib.mjs';

export function transcodeBench() {
  console.log('\n== Video transcode: pipeline against plain ffmpeg (720p source, same ladder and preset)');
  if (!hasFfmpeg()) {
    console.log('ffmpeg not found: skipped');
    return;
  }
  const script = path.join(root, 'apps/server/src/cli/bench-transcode.ts');
  const output = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: root, encoding: 'utf8' });
  const r = JSON.parse(output.trim().split('\n').at(-1));
  const mark = r.ratio >= 0.9 ? '' : '  ✗ below 0.9';
  console.log(
    `${r.seconds} s of video, ladder ${r.ladder}, preset ${r.preset}, ${os.cpus().length} core(s) (shared)`,
  );
  console.log(`plain ffmpeg     ${r.plainSpeed}× real time`);
  console.log(`our pipeline     ${r.pipelineSpeed}× real time   ratio ${r.ratio} (goal ≥ 0.9)${mark}`);
  console.log(`throughput       1 at a time ${r.oneAtATime}× real time, 2 at once ${r.twoAtOnce}× real time`);
}
