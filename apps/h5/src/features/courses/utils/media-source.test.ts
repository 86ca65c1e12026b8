import { afterEach, describe, expect, it, vi } from 'vitest';

const hlsInstances: {
  loadSource: ReturnType<typeof vi.fn>;
  attachMedia: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
  config: { maxBufferLength: number; maxMaxBufferLength: number };
}[] = [];
vi.mock('hls.js/light', () => {
  class FakeHls {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError' };
    loadSource = vi.fn();
    attachMedia = vi.fn();
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

  it('loads hls.js only for an HLS stream in a browser without native HLS, once the viewer plays', async () => {
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
    // Opening the lesson fetches nothing: no library, no playlist.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(hlsInstances).toHaveLength(0);

    video.dispatchEvent(new Event('play'));
    await vi.waitFor(() => expect(hlsInstances).toHaveLength(1));
    expect(hlsInstances[0].config).toEqual({
      maxBufferLength: BUFFER_AHEAD_SECONDS,
      maxMaxBufferLength: MAX_BUFFER_AHEAD_SECONDS,
      enableWorker: true,
      // The module build transmuxes on the main thread unless it is given its worker's file.
      workerPath: expect.stringMatching(/hls\.worker\.js/),
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

  it('takes only an https src out of an embed snippet', () => {
    expect(embedSrc('<iframe src="https://player.example.com/v/1" onload="alert(1)"></iframe>')).toBe(
      'https://player.example.com/v/1',
    );
    expect(embedSrc('<iframe src="javascript:alert(1)"></iframe>')).toBeNull();
    expect(embedSrc('<div>no frame</div>')).toBeNull();
  });
});
