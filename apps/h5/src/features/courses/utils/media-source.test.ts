import { afterEach, describe, expect, it, vi } from 'vitest';

const hlsInstances: {
  loadSource: ReturnType<typeof vi.fn>;
  attachMedia: ReturnType<typeof vi.fn>;
  startLoad: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
  config: { maxBufferLength: number; maxMaxBufferLength: number; workerPath?: string };
}[] = [];
vi.mock('hls.js/light', () => {
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError' };
    loadSource = vi.fn();
    attachMedia = vi.fn();
    startLoad = vi.fn();
    destroy = vi.fn();
    on = vi.fn();
    recoverMediaError = vi.fn();
    config: { maxBufferLength: number; maxMaxBufferLength: number };
    constructor(config: { maxBufferLength: number; maxMaxBufferLength: number }) {
      this.config = { ...config };
      hlsInstances.push(this);
    }
  }
  return { default: FakeHls };
});

const {
  attachSource,
  BUFFER_AHEAD_SECONDS,
  embedSrc,
  MAX_BUFFER_AHEAD_SECONDS,
  isHlsSource,
  prefersNativeHls,
} = await import('./media-source');

afterEach(() => {
  vi.restoreAllMocks();
  hlsInstances.length = 0;
});

const videoThatSays = (answer: CanPlayTypeResult) => {
  const video = document.createElement('video');
  vi.spyOn(video, 'canPlayType').mockReturnValue(answer);
  return video;
};

describe('media sources', () => {
  it('recognises HLS by format or extension', () => {
    expect(isHlsSource({ url: '/v/a.m3u8', format: '' })).toBe(true);
    expect(isHlsSource({ url: '/v/a.m3u8?sign=1', format: '' })).toBe(true);
    expect(isHlsSource({ url: '/v/a', format: 'M3U8' })).toBe(true);
    expect(isHlsSource({ url: '/v/a.mp4', format: 'mp4' })).toBe(false);
  });

  it('uses native HLS on Safari or without MSE, hls.js wherever MSE exists (Chromium)', () => {
    expect(prefersNativeHls(videoThatSays('maybe'), { vendor: 'Apple Computer, Inc.', mse: true })).toBe(
      true,
    );
    expect(prefersNativeHls(videoThatSays('maybe'), { vendor: 'Apple Computer, Inc.', mse: false })).toBe(
      true,
    );
    expect(prefersNativeHls(videoThatSays('maybe'), { vendor: 'Google Inc.', mse: true })).toBe(false);
    expect(prefersNativeHls(videoThatSays('maybe'), { vendor: 'Google Inc.', mse: false })).toBe(true);
    expect(prefersNativeHls(videoThatSays(''), { vendor: 'Apple Computer, Inc.', mse: false })).toBe(false);
  });

  it('loads hls.js only for an HLS stream in a browser without native HLS, and the stream once the viewer plays', async () => {
    vi.stubGlobal('MediaSource', function MediaSource() {});
    const mp4 = await attachSource(
      videoThatSays(''),
      { url: '/a.mp4', format: 'mp4', duration: 0, name: '' },
      () => {},
    );
    expect(mp4.mode).toBe('native');
    expect(mp4.waitsForPlay).toBe(false);

    const video = videoThatSays('');
    const hls = await attachSource(
      video,
      { url: '/a.m3u8', format: 'm3u8', duration: 0, name: '' },
      () => {},
    );
    expect(hls.mode).toBe('hls.js');
    expect(hls.waitsForPlay).toBe(true);
    // Opening the lesson fetches nothing while the page settles: no library, no playlist.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hlsInstances).toHaveLength(0);

    video.dispatchEvent(new Event('play'));
    await vi.waitFor(() => expect(hlsInstances[0]?.startLoad).toHaveBeenCalledTimes(1));
    expect(hlsInstances).toHaveLength(1);
    expect(hlsInstances[0].config).toEqual({
      maxBufferLength: BUFFER_AHEAD_SECONDS,
      maxMaxBufferLength: MAX_BUFFER_AHEAD_SECONDS,
      enableWorker: true,
      // The module build transmuxes on the main thread unless it is given its worker's file.
      workerPath: expect.stringMatching(/hls\.worker\.js/),
      // Segments only once playing, starting with the lowest rung (the smallest first segment).
      autoStartLoad: false,
      startLevel: 0,
    });
    expect(hlsInstances[0].loadSource).toHaveBeenCalledWith('/a.m3u8');
    expect(hlsInstances[0].attachMedia).toHaveBeenCalledWith(video);
    hls.destroy();
    expect(hlsInstances[0].destroy).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('starts hls.js at once for a source attached while playing, and never for one left before play', async () => {
    vi.stubGlobal('MediaSource', function MediaSource() {});
    const playing = videoThatSays('');
    Object.defineProperty(playing, 'paused', { value: false });
    const switched = await attachSource(
      playing,
      { url: '/b.m3u8', format: 'm3u8', duration: 0, name: '' },
      () => {},
    );
    expect(switched.waitsForPlay).toBe(false);
    expect(hlsInstances).toHaveLength(1);
    expect(hlsInstances[0].startLoad).toHaveBeenCalledTimes(1);

    const left = videoThatSays('');
    const attached = await attachSource(
      left,
      { url: '/c.m3u8', format: 'm3u8', duration: 0, name: '' },
      () => {},
    );
    attached.destroy();
    left.dispatchEvent(new Event('play'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hlsInstances).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('once the page has settled, gets hls.js and the master playlist ready; segments wait for play', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('MediaSource', function MediaSource() {});
    const video = videoThatSays('');
    const attached = await attachSource(
      video,
      { url: '/d.m3u8', format: 'm3u8', duration: 0, name: '' },
      () => {},
    );
    await vi.advanceTimersByTimeAsync(499);
    expect(hlsInstances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(hlsInstances).toHaveLength(1));
    expect(hlsInstances[0].loadSource).toHaveBeenCalledWith('/d.m3u8');
    expect(hlsInstances[0].attachMedia).toHaveBeenCalledWith(video);
    expect(hlsInstances[0].startLoad).not.toHaveBeenCalled();

    video.dispatchEvent(new Event('play'));
    await vi.waitFor(() => expect(hlsInstances[0].startLoad).toHaveBeenCalledTimes(1));
    attached.warmUp();
    await vi.advanceTimersByTimeAsync(1000);
    expect(hlsInstances).toHaveLength(1);
    attached.destroy();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a touch on the player gets it ready at once; a lesson left before that fetches nothing', async () => {
    vi.stubGlobal('MediaSource', function MediaSource() {});
    const touched = videoThatSays('');
    const attached = await attachSource(
      touched,
      { url: '/e.m3u8', format: 'm3u8', duration: 0, name: '' },
      () => {},
    );
    attached.warmUp();
    await vi.waitFor(() => expect(hlsInstances).toHaveLength(1));
    expect(hlsInstances[0].startLoad).not.toHaveBeenCalled();
    attached.destroy();
    expect(hlsInstances[0].destroy).toHaveBeenCalled();

    const left = videoThatSays('');
    const leftBefore = await attachSource(
      left,
      { url: '/f.m3u8', format: 'm3u8', duration: 0, name: '' },
      () => {},
    );
    leftBefore.destroy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(hlsInstances).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('gives hls.js its worker as the text fetched with the library (no request after the first segment)', async () => {
    vi.resetModules();
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (address: string) => {
        fetched.push(address);
        return new Response('self.onmessage = () => {};', { status: 200 });
      }),
    );
    const toBlob = vi.fn(() => 'blob:kezhan/worker');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: toBlob }));
    vi.stubGlobal('MediaSource', function MediaSource() {});
    const fresh = await import('./media-source');
    const video = videoThatSays('');
    const attached = await fresh.attachSource(
      video,
      { url: '/g.m3u8', format: 'm3u8', duration: 0, name: '' },
      () => {},
    );
    attached.warmUp();
    await vi.waitFor(() => expect(hlsInstances).toHaveLength(1));
    expect(fetched).toEqual([expect.stringMatching(/hls\.worker\.js/)]);
    expect(hlsInstances[0].config.workerPath).toBe('blob:kezhan/worker');
    attached.destroy();
    vi.unstubAllGlobals();
  });

  it('takes only an https src out of an embed snippet', () => {
    expect(embedSrc('<iframe src="https://player.example.com/v/1" onload="alert(1)"></iframe>')).toBe(
      'https://player.example.com/v/1',
    );
    expect(embedSrc('<iframe src="javascript:alert(1)"></iframe>')).toBeNull();
    expect(embedSrc('<div>no frame</div>')).toBeNull();
  });
});
