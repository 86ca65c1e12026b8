import { execFileSync } from 'node:child_process';
import { createDecipheriv } from 'node:crypto';
import path from 'node:path';
import type { TestApp } from '../test-app';
import { toolAvailable } from '../../src/modules/media/ffmpeg';

export const TEST_FFMPEG = process.env.FFMPEG_PATH || 'ffmpeg';
/** Transcoding tests need ffmpeg; `npm test` installs it when it can, otherwise they are skipped. */
export const ffmpegInstalled = toolAvailable(TEST_FFMPEG);

/** A small test source (testsrc pattern + tone), made by ffmpeg in the test itself. */
export function makeTestVideo(
  dir: string,
  { seconds = 3, width = 640, height = 360, name = 'source.mp4' } = {},
) {
  const file = path.join(dir, name);
  execFileSync(TEST_FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=15:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}:sample_rate=22050`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return file;
}

/** GET of an absolute or root-relative media address through the test app. */
export async function fetchMedia(t: TestApp, address: string) {
  const url = new URL(address, 'http://api.test');
  const response = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  return {
    status: response.statusCode,
    body: response.body,
    bytes: response.rawPayload,
    headers: response.headers,
  };
}

/** The URI lines of a playlist and the key URI, if any. */
export function playlistUris(text: string): { uris: string[]; keyUri: string | null } {
  const lines = text.split('\n').map((line) => line.trim());
  const key = lines.find((line) => line.startsWith('#EXT-X-KEY:'));
  return {
    uris: lines.filter((line) => line && !line.startsWith('#')),
    keyUri: key ? (/URI="([^"]+)"/.exec(key)?.[1] ?? null) : null,
  };
}

/** HLS AES-128 decryption of the segment with media sequence `sequence` (no IV attribute). */
export function decryptSegment(bytes: Buffer, key: Buffer, sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(bytes), decipher.final()]);
}
