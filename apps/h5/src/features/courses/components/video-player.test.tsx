import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLAYBACK_RATE_KEY } from '../hooks/use-playback-rate';
import { CONTROLS_HIDE_MS } from './player/use-auto-hide';
import { DOUBLE_TAP_MS } from './player/use-gestures';
import { BAN_DRAG_HINT, HINT_MS, VideoPlayer, type VideoPlayerProps } from './video-player';

vi.mock('../hooks/use-progress-reporter', () => ({ useProgressReporter: () => undefined }));

// jsdom has no PointerEvent: React's pointer handlers then get no coordinates, pointer id or type.
class TestPointerEvent extends MouseEvent {
  pointerId: number;
  pointerType: string;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 0;
    this.pointerType = init.pointerType ?? 'mouse';
  }
}
if (typeof window.PointerEvent === 'undefined')
  window.PointerEvent = TestPointerEvent as unknown as typeof PointerEvent;

const play = vi.fn();
const pause = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  play.mockReset().mockImplementation(function (this: HTMLVideoElement) {
    setMedia(this, { paused: false });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause.mockReset().mockImplementation(function (this: HTMLVideoElement) {
    setMedia(this, { paused: true });
    this.dispatchEvent(new Event('pause'));
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(pause);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setMedia(video: HTMLVideoElement, values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values))
    Object.defineProperty(video, key, { configurable: true, writable: true, value });
}

function renderPlayer(overrides: Partial<VideoPlayerProps> = {}) {
  const props: VideoPlayerProps = {
    videoId: 7,
    sources: [{ url: 'http://media.test/lesson.mp4', format: 'mp4', duration: 125, name: '' }],
    resumeAt: 0,
    trialSeconds: 0,
    banDrag: false,
    watermark: null,
    onEnded: vi.fn(),
    onTrialEnd: vi.fn(),
    onBuy: vi.fn(),
    ...overrides,
  };
  const view = render(<VideoPlayer {...props} />);
  const video = screen.getByLabelText('视频播放器') as HTMLVideoElement;
  setMedia(video, { duration: 125, currentTime: 0, readyState: 4 });
  return { ...view, video, props };
}

const flush = () => act(async () => {});
const surface = () => screen.getByTestId('player-surface');
const bar = () => screen.getByTestId('player-controls');
const shown = () => !bar().classList.contains('kz-player-bar--hidden');

function tap(target: HTMLElement, x = 100, pointerType = 'touch') {
  fireEvent.pointerDown(target, { pointerId: 1, clientX: x, clientY: 50, button: 0, pointerType });
  fireEvent.pointerUp(target, { pointerId: 1, clientX: x, clientY: 50, button: 0, pointerType });
}

/** Starts playback the way a member does, the stream then moving. */
async function startPlaying(video: HTMLVideoElement) {
  fireEvent.click(screen.getByRole('button', { name: '播放' }));
  await flush();
  fireEvent(video, new Event('playing'));
}

describe('VideoPlayer', () => {
  it('has no browser controls; the first tap anywhere on the picture starts loading, then playing', async () => {
    const { video } = renderPlayer();
    await flush();
    expect(video).not.toHaveAttribute('controls');
    expect(screen.getByRole('button', { name: '播放' })).toBeInTheDocument();
    expect(shown()).toBe(false);

    tap(surface());
    await flush();
    expect(play).toHaveBeenCalledTimes(1);
    // Until the stream moves: a loading state, not a dead button.
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '播放' })).toBeNull();

    fireEvent(video, new Event('playing'));
    expect(screen.queryByRole('status', { name: '加载中' })).toBeNull();
    expect(within(bar()).getByRole('button', { name: '暂停' })).toBeInTheDocument();
    expect(shown()).toBe(true);
    // Buffering later shows it again.
    fireEvent(video, new Event('waiting'));
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
  });

  it('starts by itself when 播放 was tapped before it was ready', async () => {
    renderPlayer({ autoStart: true });
    await flush();
    expect(play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
  });

  it('controls hide 3 s after the last touch while playing, a tap shows or hides them, paused they stay', async () => {
    const { video } = renderPlayer();
    await flush();
    await startPlaying(video);
    expect(shown()).toBe(true);
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 100));
    expect(shown()).toBe(true);
    act(() => vi.advanceTimersByTime(100));
    expect(shown()).toBe(false);

    tap(surface());
    expect(shown()).toBe(true);
    act(() => vi.advanceTimersByTime(DOUBLE_TAP_MS + 10));
    tap(surface());
    expect(shown()).toBe(false);

    act(() => vi.advanceTimersByTime(DOUBLE_TAP_MS + 10));
    tap(surface());
    fireEvent.click(within(bar()).getByRole('button', { name: '暂停' }));
    expect(pause).toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS * 3));
    expect(shown()).toBe(true);
    expect(within(bar()).getByRole('button', { name: '播放' })).toBeInTheDocument();
  });

  it('a double tap pauses and plays again; a mouse click plays or pauses', async () => {
    const { video } = renderPlayer();
    await flush();
    await startPlaying(video);
    act(() => vi.advanceTimersByTime(1000));
    tap(surface());
    act(() => vi.advanceTimersByTime(DOUBLE_TAP_MS - 50));
    tap(surface());
    expect(pause).toHaveBeenCalledTimes(1);
    expect(shown()).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    tap(surface());
    act(() => vi.advanceTimersByTime(100));
    tap(surface());
    expect(play).toHaveBeenCalledTimes(2);

    act(() => vi.advanceTimersByTime(1000));
    tap(surface(), 100, 'mouse');
    expect(pause).toHaveBeenCalledTimes(2);
  });

  it('a sideways swipe seeks, showing where it will land', async () => {
    const { video } = renderPlayer();
    await flush();
    await startPlaying(video);
    setMedia(video, { currentTime: 40 });
    fireEvent(video, new Event('timeupdate'));
    vi.spyOn(surface(), 'getBoundingClientRect').mockReturnValue({ width: 300 } as DOMRect);

    fireEvent.pointerDown(surface(), {
      pointerId: 3,
      clientX: 50,
      clientY: 50,
      button: 0,
      pointerType: 'touch',
    });
    fireEvent.pointerMove(surface(), { pointerId: 3, clientX: 150, clientY: 55, pointerType: 'touch' });
    expect(screen.getByRole('status')).toHaveTextContent('快进 30 秒 · 01:10 / 02:05');
    fireEvent.pointerUp(surface(), { pointerId: 3, clientX: 150, clientY: 55, pointerType: 'touch' });
    expect(video.currentTime).toBe(70);
    expect(pause).not.toHaveBeenCalled();
    fireEvent(video, new Event('timeupdate'));

    fireEvent.pointerDown(surface(), {
      pointerId: 4,
      clientX: 250,
      clientY: 50,
      button: 0,
      pointerType: 'touch',
    });
    fireEvent.pointerMove(surface(), { pointerId: 4, clientX: 150, clientY: 50, pointerType: 'touch' });
    expect(screen.getByRole('status')).toHaveTextContent('快退 30 秒 · 00:40 / 02:05');
    // A scroll that takes over (vertical) gives the swipe up.
    fireEvent.pointerCancel(surface(), { pointerId: 4 });
    expect(screen.queryByText(/快退/)).toBeNull();
    expect(video.currentTime).toBe(70);
  });

  it('the scrubber shows played and buffered ranges, a time tooltip while dragging, and seeks on release', async () => {
    const { video } = renderPlayer();
    await flush();
    await startPlaying(video);
    setMedia(video, {
      currentTime: 25,
      buffered: { length: 1, start: () => 0, end: () => 50 },
    });
    fireEvent(video, new Event('progress'));
    const slider = screen.getByRole('slider', { name: '播放进度' });
    expect(slider).toHaveAttribute('aria-valuetext', '00:25 / 02:05');
    expect(within(bar()).getByText(/00:25/)).toHaveTextContent('00:25 / 02:05');
    expect(slider.querySelector('.kz-scrubber-played')).toHaveStyle({ width: '20%' });
    expect(slider.querySelector('.kz-scrubber-buffered')).toHaveStyle({ width: '40%' });

    const track = slider.querySelector('.kz-scrubber-track')!;
    vi.spyOn(track, 'getBoundingClientRect').mockReturnValue({ left: 10, width: 250 } as DOMRect);
    fireEvent.pointerDown(slider, { pointerId: 5, clientX: 110, button: 0 });
    expect(slider).toHaveTextContent('00:50');
    fireEvent.pointerMove(slider, { pointerId: 5, clientX: 135 });
    expect(slider).toHaveTextContent('01:02');
    // Dragging keeps the controls up.
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 10));
    fireEvent.pointerMove(slider, { pointerId: 5, clientX: 160 });
    act(() => vi.advanceTimersByTime(CONTROLS_HIDE_MS - 10));
    expect(shown()).toBe(true);
    expect(video.currentTime).toBe(25);
    fireEvent.pointerUp(slider, { pointerId: 5, clientX: 160 });
    expect(video.currentTime).toBe(75);
    expect(slider.querySelector('.kz-scrubber-tip')).toBeNull();
    fireEvent(video, new Event('timeupdate'));

    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(70);
  });

  it('禁止拖动: the scrubber stops at what was watched and says why', async () => {
    const { video } = renderPlayer({ banDrag: true, resumeAt: 0 });
    await flush();
    await startPlaying(video);
    setMedia(video, { currentTime: 30 });
    fireEvent(video, new Event('timeupdate'));
    const slider = screen.getByRole('slider', { name: '播放进度' });
    vi.spyOn(slider.querySelector('.kz-scrubber-track')!, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      width: 125,
    } as DOMRect);
    fireEvent.pointerDown(slider, { pointerId: 6, clientX: 100, button: 0 });
    fireEvent.pointerUp(slider, { pointerId: 6, clientX: 100 });
    expect(video.currentTime).toBe(30);
    expect(screen.getByRole('status')).toHaveTextContent(BAN_DRAG_HINT);
    act(() => vi.advanceTimersByTime(HINT_MS));
    expect(screen.queryByText(BAN_DRAG_HINT)).toBeNull();

    // Back is always allowed.
    fireEvent.pointerDown(slider, { pointerId: 7, clientX: 10, button: 0 });
    fireEvent.pointerUp(slider, { pointerId: 7, clientX: 10 });
    expect(video.currentTime).toBe(10);
    expect(screen.queryByText(BAN_DRAG_HINT)).toBeNull();
  });

  it('a trial cannot be scrubbed past its end', async () => {
    const { video, props } = renderPlayer({ trialSeconds: 30 });
    await flush();
    await startPlaying(video);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(5);
    const slider = screen.getByRole('slider', { name: '播放进度' });
    vi.spyOn(slider.querySelector('.kz-scrubber-track')!, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      width: 125,
    } as DOMRect);
    fireEvent.pointerDown(slider, { pointerId: 8, clientX: 90, button: 0 });
    fireEvent.pointerUp(slider, { pointerId: 8, clientX: 90 });
    expect(video.currentTime).toBe(29);
    expect(screen.getByRole('status')).toHaveTextContent('试看到 00:30，购买后观看完整内容');
    expect(props.onTrialEnd).not.toHaveBeenCalled();
  });

  it('speed: 0.75x to 2x over the picture, remembered for the next lesson', async () => {
    const first = renderPlayer();
    await flush();
    await startPlaying(first.video);
    fireEvent.click(screen.getByRole('button', { name: '倍速，当前1.0x' }));
    const group = screen.getByRole('radiogroup', { name: '倍速' });
    const options = within(group).getAllByRole('radio');
    expect(options.map((o) => o.textContent)).toEqual(['2x', '1.5x', '1.25x', '1.0x', '0.75x']);
    expect(within(group).getByRole('radio', { name: '1.0x' })).toHaveAttribute('aria-checked', 'true');
    expect(within(group).getByRole('radio', { name: '1.0x' })).toHaveFocus();
    fireEvent.click(within(group).getByRole('radio', { name: '1.5x' }));
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(first.video.playbackRate).toBe(1.5);
    expect(localStorage.getItem(PLAYBACK_RATE_KEY)).toBe('1.5');
    expect(screen.getByRole('button', { name: '倍速，当前1.5x' })).toHaveTextContent('1.5x');
    first.unmount();

    const next = renderPlayer({ videoId: 8 });
    await flush();
    expect(next.video.playbackRate).toBe(1.5);
    await startPlaying(next.video);
    fireEvent.click(screen.getByRole('button', { name: '倍速，当前1.5x' }));
    fireEvent.keyDown(screen.getByRole('radio', { name: '1.5x' }), { key: 'Escape' });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(next.video.playbackRate).toBe(1.5);
  });

  it('清晰度 switches the source and keeps the position', async () => {
    const { video } = renderPlayer({
      sources: [
        { url: 'http://media.test/sd.mp4', format: 'mp4', duration: 125, name: '标清' },
        { url: 'http://media.test/hd.mp4', format: 'mp4', duration: 125, name: '高清' },
      ],
    });
    await flush();
    expect(video.getAttribute('src')).toBe('http://media.test/sd.mp4');
    await startPlaying(video);
    setMedia(video, { currentTime: 42 });
    fireEvent.click(screen.getByRole('button', { name: '清晰度，当前标清' }));
    fireEvent.click(screen.getByRole('radio', { name: '高清' }));
    await flush();
    expect(video.getAttribute('src')).toBe('http://media.test/hd.mp4');
    setMedia(video, { currentTime: 0 });
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(42);
  });

  it('fullscreen takes the whole box (the watermark stays), turns landscape and offers 退出全屏', async () => {
    const lock = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(window.screen, 'orientation', {
      configurable: true,
      value: { lock, unlock: vi.fn() },
    });
    const request = vi.fn().mockResolvedValue(undefined);
    const original = HTMLElement.prototype.requestFullscreen;
    HTMLElement.prototype.requestFullscreen = request;
    try {
      const { video } = renderPlayer();
      await flush();
      await startPlaying(video);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: '全屏' })));
      expect(request.mock.contexts[0]).toHaveClass('kz-player');
      expect(lock).toHaveBeenCalledWith('landscape');
      Object.defineProperty(document, 'fullscreenElement', {
        configurable: true,
        value: request.mock.contexts[0],
      });
      fireEvent(document, new Event('fullscreenchange'));
      expect(screen.getByRole('button', { name: '退出全屏' })).toBeInTheDocument();
    } finally {
      HTMLElement.prototype.requestFullscreen = original;
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
    }
  });

  it('keyboard: Space and K play or pause, arrows seek 5 s, F fullscreen; typing in a field is left alone', async () => {
    const request = vi.fn().mockResolvedValue(undefined);
    const original = HTMLElement.prototype.requestFullscreen;
    HTMLElement.prototype.requestFullscreen = request;
    try {
      const { video } = renderPlayer();
      await flush();
      fireEvent.keyDown(document.body, { key: ' ' });
      expect(play).toHaveBeenCalledTimes(1);
      fireEvent.keyDown(video, { key: 'k' });
      expect(pause).toHaveBeenCalledTimes(1);
      setMedia(video, { currentTime: 10 });
      fireEvent.keyDown(document.body, { key: 'ArrowRight' });
      expect(video.currentTime).toBe(15);
      fireEvent.keyDown(video, { key: 'ArrowLeft' });
      fireEvent.keyDown(video, { key: 'ArrowLeft' });
      expect(video.currentTime).toBe(5);
      await act(async () => fireEvent.keyDown(document.body, { key: 'f' }));
      expect(request).toHaveBeenCalledTimes(1);

      const field = document.createElement('textarea');
      document.body.append(field);
      fireEvent.keyDown(field, { key: ' ' });
      fireEvent.keyDown(field, { key: 'ArrowLeft' });
      expect(play).toHaveBeenCalledTimes(1);
      expect(video.currentTime).toBe(5);
    } finally {
      HTMLElement.prototype.requestFullscreen = original;
    }
  });
});
