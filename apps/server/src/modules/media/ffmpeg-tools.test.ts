import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeTools, toolAvailable } from './ffmpeg';

// A starting node learns whether ffmpeg and ffprobe run while it does its other work (main.ts).
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kezhan-tools-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function executable(name: string, body: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}

describe('probeTools', () => {
  it('remembers whether each executable runs, for toolAvailable to answer without running it again', async () => {
    const works = executable('works', 'exit 0');
    const fails = executable('fails', 'exit 1');
    const missing = path.join(dir, 'missing');
    await probeTools([works, fails, missing]);
    // Gone now: the answers come from the probe.
    fs.rmSync(works);
    fs.rmSync(fails);
    expect(toolAvailable(works)).toBe(true);
    expect(toolAvailable(fails)).toBe(false);
    expect(toolAvailable(missing)).toBe(false);
  });

  it('leaves the event loop free while the executables run', async () => {
    const slow = executable('slow', 'sleep 0.4; exit 0');
    let turns = 0;
    const timer = setInterval(() => (turns += 1), 10);
    await probeTools([slow]);
    clearInterval(timer);
    expect(turns).toBeGreaterThan(5);
    expect(toolAvailable(slow)).toBe(true);
  });
});
