import type { PlayUrl } from '@kezhan/contract/courses';
// hls.js's module build cannot start its transmuxing worker by itself: it is given the worker's
// own file, or it turns each fragment into MP4 on the main thread (long tasks while the page loads).
import hlsWorkerPath from 'hls.js/dist/hls.worker.js?url';

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export const isHlsSource = (source: Pick<PlayUrl, 'url' | 'format'>) =>
  source.format.toLowerCase() === 'm3u8' || /\.m3u8(?:$|[?#])/i.test(source.url);

/** An embedded player snippet (`<iframe …>`) instead of a media URL. */
export const isEmbed = (source: Pick<PlayUrl, 'url'>) => source.url.trimStart().startsWith('<');

/** The https `src` of an embedded `<iframe>` snippet, or null; nothing else of the snippet is used. */
export function embedSrc(snippet: string): string | null {
  const frame = new DOMParser().parseFromString(snippet, 'text/html').querySelector('iframe');
  const src = frame?.getAttribute('src')?.trim() ?? '';
  return /^(https:)?\/\//i.test(src) ? src : null;
}

/**
 * Safari (macOS and iOS) plays HLS itself and should; browsers with Media Source Extensions use
 * hls.js even if they claim native support, so Chromium always takes the hls.js path.
 */
export function prefersNativeHls(
  video: HTMLVideoElement,
  env: { vendor: string; mse: boolean } = currentEnv(),
): boolean {
  if (!video.canPlayType(HLS_TYPE)) return false;
  return /apple/i.test(env.vendor) || !env.mse;
}

function currentEnv() {
  const w = window as unknown as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return { vendor: navigator.vendor || '', mse: !!(w.MediaSource || w.ManagedMediaSource) };
}

/** Seconds hls.js keeps buffered ahead while playing. */
export const BUFFER_AHEAD_SECONDS = 30;
/** The most hls.js may buffer ahead of a low-bitrate stream while playing (its default). */
export const MAX_BUFFER_AHEAD_SECONDS = 600;
/** Before the first play: the least hls.js fetches, one fragment. */
export const BUFFER_BEFORE_PLAY_SECONDS = 1;

export interface AttachedSource {
  /** How the video is fed, for diagnostics and tests. */
  mode: 'native' | 'hls.js';
  destroy: () => void;
}

/**
 * Points the video at a source. hls.js (light build) is imported only here, so only the video
 * route ever downloads it, and only when an HLS stream meets a browser without native HLS.
 */
export async function attachSource(
  video: HTMLVideoElement,
  source: PlayUrl,
  onFatalError: () => void,
): Promise<AttachedSource> {
  const native = (): AttachedSource => {
    video.src = source.url;
    return {
      mode: 'native',
      destroy: () => {
        video.removeAttribute('src');
      },
    };
  };
  if (!isHlsSource(source) || prefersNativeHls(video)) return native();

  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) return native();
  // Until the viewer presses play only the first fragment is fetched (enough for the duration, the
  // resume position and the first frame); then hls.js buffers ahead as usual.
  // hls.js buffers up to maxMaxBufferLength when the stream's bitrate is low, so both are held.
  const before = video.paused ? BUFFER_BEFORE_PLAY_SECONDS : null;
  const hls = new Hls({
    maxBufferLength: before ?? BUFFER_AHEAD_SECONDS,
    maxMaxBufferLength: before ?? MAX_BUFFER_AHEAD_SECONDS,
    enableWorker: true,
    workerPath: hlsWorkerPath,
  });
  const bufferAhead = () => {
    hls.config.maxBufferLength = BUFFER_AHEAD_SECONDS;
    hls.config.maxMaxBufferLength = MAX_BUFFER_AHEAD_SECONDS;
  };
  video.addEventListener('play', bufferAhead, { once: true });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      hls.recoverMediaError();
      return;
    }
    onFatalError();
  });
  hls.loadSource(source.url);
  hls.attachMedia(video);
  return {
    mode: 'hls.js',
    destroy: () => {
      video.removeEventListener('play', bufferAhead);
      hls.destroy();
    },
  };
}
