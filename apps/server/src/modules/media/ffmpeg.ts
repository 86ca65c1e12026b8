import { execFile, spawn, spawnSync } from 'node:child_process';
import type { LadderRung } from '../../config/env';

/** What ffprobe tells about a source: the type is decided by content, never by the file name. */
export interface ProbedSource {
  formatName: string;
  duration: number;
  width: number;
  height: number;
  hasAudio: boolean;
}

/**
 * A source ffmpeg cannot use. `message` is what operators read (console, `media:list`): Chinese,
 * without paths or tool output; `detail` (English, ffprobe's words) goes to the server log only.
 */
export class MediaSourceError extends Error {
  constructor(
    message: string,
    readonly detail = '',
  ) {
    super(message);
  }
}

export const SOURCE_MESSAGES = {
  unreadable: '无法识别的视频文件',
  noVideo: '文件中没有视频画面，请上传视频文件',
  tooShort: '视频时长过短',
  missing: '视频源文件不存在，请重新上传',
  tooLarge: '视频文件超过上传上限',
  transcode: '转码失败，请检查视频文件后重新上传',
} as const;

/** Containers ffprobe reads that are images or text, not videos. */
const NOT_VIDEO_FORMATS = /^(image2|png_pipe|jpeg_pipe|webp_pipe|gif|bmp_pipe|svg_pipe|tty|lavfi)$/;

/**
 * The demuxers a source may be read with: video containers (MP4/MOV, Matroska/WebM, MPEG-TS,
 * MPEG-PS, AVI, FLV, ASF/WMV). No playlist (HLS, concat list) that names other files or
 * addresses, no image sequence, no device.
 */
const VIDEO_DEMUXERS = 'mov,matroska,mpegts,mpeg,avi,flv,asf';

/**
 * Options in front of every input ffmpeg and ffprobe open: local files only (`-protocol_whitelist
 * file`: no http, tcp, data, subfile, concat or pipe) and only the video demuxers. The whitelists
 * pass to every nested input (an HLS playlist's segments, an AVI's embedded subtitles). `hls` is
 * allowed only for a playlist staged by `media:ingest` / the content import, whose segments were
 * checked to be files beside it.
 */
export function inputGuard(allowPlaylist = false): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    allowPlaylist ? `${VIDEO_DEMUXERS},hls` : VIDEO_DEMUXERS,
  ];
}

const availability = new Map<string, boolean>();

/**
 * Finds out, without blocking the event loop, whether these executables run, for toolAvailable to
 * remember: a node starting up asks while it registers its routes, so that the answer (two
 * processes, a few hundred ms on a busy machine) does not hold back its first requests.
 */
export async function probeTools(executables: string[]): Promise<void> {
  await Promise.all(
    executables
      .filter((executable) => !availability.has(executable))
      .map(
        (executable) =>
          new Promise<void>((resolve) => {
            execFile(executable, ['-version'], { timeout: 10_000 }, (error) => {
              availability.set(executable, !error);
              resolve();
            });
          }),
      ),
  );
}

/** Whether the executable runs (`-version`); remembered per path. */
export function toolAvailable(executable: string): boolean {
  const known = availability.get(executable);
  if (known !== undefined) return known;
  const result = spawnSync(executable, ['-version'], { stdio: 'ignore', timeout: 10_000 });
  const ok = !result.error && result.status === 0;
  availability.set(executable, ok);
  return ok;
}

const PROBE_TIMEOUT_MS = 120_000;

export async function probeSource(
  ffprobe: string,
  file: string,
  options: { allowPlaylist?: boolean } = {},
): Promise<ProbedSource> {
  const timeout = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  const { code, stdout, stderr, aborted } = await runTool(
    ffprobe,
    [
      '-v',
      'error',
      ...inputGuard(options.allowPlaylist),
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ],
    { signal: timeout },
  );
  if (aborted) throw new MediaSourceError(SOURCE_MESSAGES.unreadable, 'ffprobe timed out');
  if (code !== 0) {
    throw new MediaSourceError(
      SOURCE_MESSAGES.unreadable,
      `ffprobe: ${lastLines(stderr.replaceAll(file, '<source>'), 2) || `exit ${code}`}`,
    );
  }
  let info: {
    format?: { format_name?: string; duration?: string };
    streams?: {
      codec_type?: string;
      width?: number;
      height?: number;
      duration?: string;
      disposition?: { attached_pic?: number };
    }[];
  };
  try {
    info = JSON.parse(stdout) as typeof info;
  } catch {
    throw new MediaSourceError(SOURCE_MESSAGES.unreadable, 'ffprobe answered no JSON');
  }
  const formatName = info.format?.format_name ?? '';
  const video = (info.streams ?? []).find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const duration = Number(info.format?.duration ?? video?.duration ?? 0);
  if (!video || NOT_VIDEO_FORMATS.test(formatName)) {
    throw new MediaSourceError(
      SOURCE_MESSAGES.noVideo,
      `${formatName || 'no known format'} without a video stream`,
    );
  }
  if (!Number.isFinite(duration) || duration < 0.5) {
    throw new MediaSourceError(SOURCE_MESSAGES.tooShort, `${formatName}, duration ${duration || 0} s`);
  }
  return {
    formatName,
    duration,
    width: video.width ?? 0,
    height: video.height ?? 0,
    hasAudio: (info.streams ?? []).some((s) => s.codec_type === 'audio'),
  };
}

export interface RunOptions {
  /** Called with the seconds of output written so far (`-progress pipe:1`). */
  onProgress?: (seconds: number) => void;
  signal?: AbortSignal;
}

export async function runFfmpeg(ffmpeg: string, args: string[], options: RunOptions = {}): Promise<void> {
  const { code, stderr, aborted } = await runTool(
    ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats', ...args],
    options,
  );
  if (aborted) throw new Error('transcode interrupted');
  if (code !== 0) {
    throw new MediaSourceError(
      SOURCE_MESSAGES.transcode,
      `ffmpeg: ${lastLines(stderr, 3) || `exit ${code}`}`,
    );
  }
}

function lastLines(text: string, count: number): string {
  return text.trim().split('\n').slice(-count).join(' / ').slice(0, 500);
}

function runTool(
  executable: string,
  args: string[],
  options: RunOptions = {},
): Promise<{ code: number; stdout: string; stderr: string; aborted: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!options.onProgress) {
        stdout += chunk;
        return;
      }
      for (const match of chunk.matchAll(/out_time_us=(\d+)/g)) options.onProgress(Number(match[1]) / 1e6);
    });
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on('error', (error) => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(error);
    });
    child.on('close', (code) => {
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ code: code ?? -1, stdout, stderr, aborted });
    });
  });
}

export interface Rendition {
  /** Folder and playlist name, e.g. `360p`. */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second, measured from the written segments. */
  bandwidth: number;
}

/** Today's default ladder (MEDIA_LADDER unset): 360p and 720p. */
const DEFAULT_LADDER: LadderRung[] = [
  { height: 360, videoKbps: 800, audioKbps: 96 },
  { height: 720, videoKbps: 2500, audioKbps: 128 },
];

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

/**
 * The renditions for a source of this height: every rung of the ladder not above the source
 * (never upscaled); a source below the lowest rung gets one rendition at its own height, its
 * bitrate scaled from the lowest rung's.
 */
export function ladderFor(sourceHeight: number, ladder: LadderRung[] = DEFAULT_LADDER): LadderRung[] {
  const steps = ladder.filter((step) => step.height <= sourceHeight);
  if (steps.length > 0) return steps;
  const lowest = ladder[0];
  const height = even(sourceHeight || lowest.height);
  return [
    {
      height,
      videoKbps: Math.max(200, Math.round((lowest.videoKbps * height) / lowest.height)),
      audioKbps: 64,
    },
  ];
}

/** Seconds between keyframes: the same in every rendition, and each HLS segment starts at one. */
export const KEYFRAME_SECONDS = 2;
export const SEGMENT_SECONDS = 4;

export interface TranscodePlan {
  source: string;
  /** The source is a staged HLS playlist (see inputGuard). */
  allowPlaylist?: boolean;
  /** libx264 preset (MEDIA_X264_PRESET); veryfast when not given. */
  preset?: string;
  hasAudio: boolean;
  outputs: {
    height: number;
    videoKbps: number;
    audioKbps: number;
    /** Cut the output at this many seconds (the trial). */
    limitSeconds?: number;
    keyInfoFile: string;
    dir: string;
  }[];
}

/** One ffmpeg run: the source is decoded once and split into every output (ladder + trial). */
export function transcodeArgs(plan: TranscodePlan): string[] {
  const count = plan.outputs.length;
  const split = `[0:v]split=${count}${plan.outputs.map((_, i) => `[s${i}]`).join('')}`;
  const scales = plan.outputs.map((output, i) => `[s${i}]scale=-2:${output.height}[v${i}]`);
  const args = [
    ...inputGuard(plan.allowPlaylist),
    '-i',
    plan.source,
    '-filter_complex',
    [split, ...scales].join(';'),
  ];
  plan.outputs.forEach((output, i) => {
    args.push('-map', `[v${i}]`);
    if (plan.hasAudio) args.push('-map', '0:a:0');
    if (output.limitSeconds) args.push('-t', String(output.limitSeconds));
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      plan.preset ?? 'veryfast',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      `${output.videoKbps}k`,
      '-maxrate',
      `${Math.round(output.videoKbps * 1.1)}k`,
      '-bufsize',
      `${output.videoKbps * 2}k`,
      '-force_key_frames',
      `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
      '-sc_threshold',
      '0',
    );
    if (plan.hasAudio) args.push('-c:a', 'aac', '-b:a', `${output.audioKbps}k`, '-ac', '2', '-ar', '44100');
    args.push(
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_key_info_file',
      output.keyInfoFile,
      '-hls_segment_filename',
      `${output.dir}/seg-%d.ts`,
      `${output.dir}/index.m3u8`,
    );
  });
  return args;
}

export function posterArgs(
  source: string,
  atSeconds: number,
  target: string,
  allowPlaylist = false,
): string[] {
  return [
    '-ss',
    atSeconds.toFixed(2),
    ...inputGuard(allowPlaylist),
    '-i',
    source,
    '-frames:v',
    '1',
    '-vf',
    'scale=-2:360',
    '-q:v',
    '4',
    target,
  ];
}
