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

export interface AttachedSource {
  /** How the video is fed, for diagnostics and tests. */
  mode: 'native' | 'hls.js';
  /**
   * Nothing is loaded until the element plays (hls.js starts then). The browser's own controls
   * cannot be relied on to start an element that has no source yet (Chromium ignores Space on
   * it), so the player hides them and shows its own play button until then.
   */
  waitsForPlay: boolean;
  destroy: () => void;
}

/**
 * Points the video at a source. An HLS stream in a browser without native HLS goes through
 * hls.js (light build), which is imported only here, so only the video route ever downloads it,
 * and only once the viewer plays: opening a lesson costs neither the library (about 115 KB and
 * its start-up work on the main thread) nor any of the lesson's bytes. The element plays as soon
 * as hls.js has fed it; a source attached while playing (another quality, fresh addresses)
 * starts at once.
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
      waitsForPlay: false,
      destroy: () => {
        video.removeAttribute('src');
      },
    };
  };
  if (!isHlsSource(source) || prefersNativeHls(video) || !currentEnv().mse) return native();

  let destroyed = false;
  let destroy: () => void = () => undefined;
  const start = async () => {
    const { default: Hls } = await import('hls.js/light');
    if (destroyed) return;
    if (!Hls.isSupported()) {
      destroy = native().destroy;
      return;
    }
    const hls = new Hls({
      maxBufferLength: BUFFER_AHEAD_SECONDS,
      maxMaxBufferLength: MAX_BUFFER_AHEAD_SECONDS,
      enableWorker: true,
      workerPath: hlsWorkerPath,
    });
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
    destroy = () => hls.destroy();
  };
  // A library that fails to load is a stream that failed: the player offers to load it again.
  const startOnPlay = () => void start().catch(onFatalError);
  const waitsForPlay = video.paused;
  if (waitsForPlay) video.addEventListener('play', startOnPlay, { once: true });
  else await start();
  return {
    mode: 'hls.js',
    waitsForPlay,
    destroy: () => {
      destroyed = true;
      video.removeEventListener('play', startOnPlay);
      destroy();
    },
  };
}
