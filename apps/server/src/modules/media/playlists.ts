import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv } from 'node:crypto';
import type { Rendition } from './ffmpeg';

/** The key URI written into stored playlists; replaced by a signed address when served. */
export const KEY_PLACEHOLDER = 'key://asset';

export interface PlaylistSegment {
  duration: number;
  uri: string;
}

/** The segments of a VOD media playlist (EXTINF + URI pairs). */
export function parseMediaPlaylist(text: string): {
  segments: PlaylistSegment[];
  sequence: number;
  encrypted: boolean;
} {
  const segments: PlaylistSegment[] = [];
  let pending: number | null = null;
  let sequence = 0;
  let encrypted = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXTINF:')) pending = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number(line.slice(22)) || 0;
    else if (line.startsWith('#EXT-X-KEY:') && !/METHOD=NONE/.test(line)) encrypted = true;
    else if (line.startsWith('#EXT-X-STREAM-INF'))
      throw new Error('a master playlist: give the rendition playlist itself');
    else if (!line.startsWith('#')) {
      segments.push({ duration: pending ?? 0, uri: line });
      pending = null;
    }
  }
  return { segments, sequence, encrypted };
}

/** HLS AES-128: without an IV attribute the IV is the segment's media sequence number. */
export function sequenceIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  return iv;
}

export function encryptSegment(bytes: Buffer, key: Buffer, sequence: number): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, sequenceIv(sequence));
  return Buffer.concat([cipher.update(bytes), cipher.final()]);
}

export function writeMediaPlaylist(dir: string, segments: { duration: number; file: string }[]): void {
  const target = Math.max(1, ...segments.map((s) => Math.ceil(s.duration)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-KEY:METHOD=AES-128,URI="${KEY_PLACEHOLDER}"`,
    ...segments.flatMap((s) => [`#EXTINF:${s.duration.toFixed(6)},`, s.file]),
    '#EXT-X-ENDLIST',
    '',
  ];
  fs.writeFileSync(path.join(dir, 'index.m3u8'), lines.join('\n'));
}

/**
 * Packages an already segmented, unencrypted HLS rendition without ffmpeg: each segment is
 * AES-128 encrypted with `key` into `outDir`. With `maxSeconds` only the segments that start
 * before it are kept (a trial cut on segment boundaries, at least one segment).
 */
export function packageSegmentedHls(
  sourcePlaylist: string,
  outDir: string,
  key: Buffer,
  maxSeconds?: number,
): { duration: number; bandwidth: number } {
  const parsed = parseMediaPlaylist(fs.readFileSync(sourcePlaylist, 'utf8'));
  if (parsed.encrypted) throw new Error('the source playlist is already encrypted');
  if (parsed.segments.length === 0) throw new Error('the source playlist has no segments');
  fs.mkdirSync(outDir, { recursive: true });
  const written: { duration: number; file: string }[] = [];
  let start = 0;
  for (const [index, segment] of parsed.segments.entries()) {
    if (maxSeconds !== undefined && index > 0 && start + segment.duration > maxSeconds + 0.01) break;
    const from = path.resolve(path.dirname(sourcePlaylist), decodeURIComponent(segment.uri.split('?')[0]));
    const file = `seg-${index}.ts`;
    fs.writeFileSync(path.join(outDir, file), encryptSegment(fs.readFileSync(from), key, index));
    written.push({ duration: segment.duration, file });
    start += segment.duration;
  }
  writeMediaPlaylist(outDir, written);
  return { duration: start, bandwidth: measureBandwidth(outDir) };
}

/** Peak bits per second over the segments of a written rendition (the master's BANDWIDTH). */
export function measureBandwidth(dir: string): number {
  const { segments } = parseMediaPlaylist(fs.readFileSync(path.join(dir, 'index.m3u8'), 'utf8'));
  let peak = 0;
  for (const segment of segments) {
    const size = fs.statSync(path.join(dir, segment.uri)).size;
    if (segment.duration > 0) peak = Math.max(peak, (size * 8) / segment.duration);
  }
  return Math.max(1, Math.ceil(peak));
}

/** The master playlist of a ladder; each variant URI comes from `uriOf`. */
export function masterPlaylist(renditions: Rendition[], uriOf: (rendition: Rendition) => string): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const rendition of [...renditions].sort((a, b) => a.bandwidth - b.bandwidth)) {
    const resolution =
      rendition.width && rendition.height ? `,RESOLUTION=${rendition.width}x${rendition.height}` : '';
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${rendition.bandwidth}${resolution}`, uriOf(rendition));
  }
  return `${lines.join('\n')}\n`;
}

/** A stored media playlist with its key URI and segment URIs replaced (signed addresses). */
export function rewriteMediaPlaylist(
  text: string,
  keyUri: string,
  segmentUri: (file: string) => string,
): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      if (line.startsWith('#EXT-X-KEY:')) return line.replace(/URI="[^"]*"/, `URI="${keyUri}"`);
      if (line && !line.startsWith('#')) return segmentUri(path.basename(line.trim()));
      return line;
    })
    .join('\n');
}
