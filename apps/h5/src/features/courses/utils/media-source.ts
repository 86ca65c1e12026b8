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
   * No segment is loaded until the element plays (hls.js loads the stream then). The browser's own
   * controls cannot be relied on to start an element that has no source yet (Chromium ignores
   * Space on it), so the player hides them and shows its own play button until then.
   */
  waitsForPlay: boolean;
  /**
   * Gets everything but the stream itself ready now (hls.js, its worker, the master playlist):
   * called when the page has settled and at the first touch on the player.
   */
  warmUp: () => void;
  destroy: () => void;
}

type HlsClass = (typeof import('hls.js/light'))['default'];
interface HlsRuntime {
  Hls: HlsClass;
  workerPath: string;
}
let hlsRuntime: Promise<HlsRuntime> | null = null;

/**
 * hls.js (light build, about 115 KB) and its worker, both asked for at once and once per page.
 * hls.js starts its worker only when the first segment has arrived: given the worker's text
 * fetched now (as a blob: address), it does not wait another round trip for the file then.
 */
export function preloadHls(): Promise<HlsRuntime> {
  if (!hlsRuntime) {
    const loading = Promise.all([import('hls.js/light'), workerAddress()]).then(([module, workerPath]) => ({
      Hls: module.default,
      workerPath,
    }));
    // A library that failed to load is asked for again next time.
    loading.catch(() => {
      if (hlsRuntime === loading) hlsRuntime = null;
    });
    hlsRuntime = loading;
  }
  return hlsRuntime;
}

async function workerAddress(): Promise<string> {
  try {
    const response = await fetch(hlsWorkerPath);
    if (!response.ok) return hlsWorkerPath;
    return URL.createObjectURL(new Blob([await response.text()], { type: 'text/javascript' }));
  } catch {
    return hlsWorkerPath;
  }
}

/** Runs `task` once the page has loaded and the main thread is idle; answers the cancel. */
function whenPageSettles(task: () => void): () => void {
  let idle = 0;
  let timer = 0;
  const schedule = () => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(task, { timeout: 3000 });
    else timer = window.setTimeout(task, 500);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle) window.cancelIdleCallback?.(idle);
    if (timer) window.clearTimeout(timer);
  };
}

/**
 * Points the video at a source. An HLS stream in a browser without native HLS goes through
 * hls.js, which is imported only here, so only the video route ever downloads it. Opening a
 * lesson loads none of its segments: once the page has settled (or at the first touch on the
 * player) hls.js, its worker and the master playlist are fetched, and the segments only when the
 * element plays — starting with the lowest rung, whose first segment is the smallest, before
 * hls.js measures the bandwidth and moves up. A source attached while playing (another quality,
 * fresh addresses) starts at once.
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
      warmUp: () => undefined,
      destroy: () => {
        video.removeAttribute('src');
      },
    };
  };
  if (!isHlsSource(source) || prefersNativeHls(video) || !currentEnv().mse) return native();

  let destroyed = false;
  let hls: InstanceType<HlsClass> | null = null;
  let loadingStream = false;
  let destroy: () => void = () => undefined;
  /** hls.js with the master playlist asked for and the element attached; null when it cannot. */
  const prepare = async () => {
    const { Hls, workerPath } = await preloadHls();
    if (destroyed) return null;
    if (hls) return hls;
    if (!Hls.isSupported()) {
      destroy = native().destroy;
      return null;
    }
    const created = new Hls({
      maxBufferLength: BUFFER_AHEAD_SECONDS,
      maxMaxBufferLength: MAX_BUFFER_AHEAD_SECONDS,
      enableWorker: true,
      workerPath,
      autoStartLoad: false,
      startLevel: 0,
    });
    created.on(Hls.Events.ERROR, (_event, data) => {
      if (!data.fatal) return;
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
        created.recoverMediaError();
        return;
      }
      onFatalError();
    });
    created.loadSource(source.url);
    created.attachMedia(video);
    hls = created;
    destroy = () => created.destroy();
    return created;
  };
  const start = async () => {
    const ready = await prepare();
    if (ready && !loadingStream) {
      loadingStream = true;
      ready.startLoad();
    }
  };
  // A library that fails to load is a stream that failed: the player offers to load it again.
  const startOnPlay = () => void start().catch(onFatalError);
  const warmUp = () => void prepare().catch(() => undefined);
  const waitsForPlay = video.paused;
  let cancelWarmUp: () => void = () => undefined;
  if (waitsForPlay) {
    video.addEventListener('play', startOnPlay, { once: true });
    cancelWarmUp = whenPageSettles(warmUp);
  } else await start();
  return {
    mode: 'hls.js',
    waitsForPlay,
    warmUp,
    destroy: () => {
      destroyed = true;
      cancelWarmUp();
      video.removeEventListener('play', startOnPlay);
      destroy();
    },
  };
}
