import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { courseDetail, playInfo, videoDetail } from '../test/fixtures';

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const progress = (videoId: number, seconds: number, watched = false) => ({
  [String(videoId)]: {
    id: 1,
    user_id: 1,
    course_id: 5,
    video_id: videoId,
    watch_seconds: seconds,
    watched_at: watched ? '2024-01-01 10:00:00' : null,
    created_at: '',
    updated_at: '',
    deleted_at: null,
  },
});

function api(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}, config = testConfig()) {
  setToken('tok');
  return mockApi({
    'GET /api/v2/other/config': () => ok(config),
    'GET /api/v2/member/detail': () => ok(testMember({ id: 42, mobile: '13811112222' })),
    'GET /api/v2/course/5': () => ok(courseDetail({ isBuy: true })),
    'POST /api/v2/video/101/record': () => ok([]),
    'POST /api/v2/video/102/record': () => ok([]),
    'POST /api/v2/video/103/record': () => ok([]),
    ...overrides,
  });
}

const player = () => screen.findByLabelText('视频播放器') as Promise<HTMLVideoElement>;
function setMedia(
  video: HTMLVideoElement,
  values: { currentTime?: number; duration?: number; paused?: boolean },
) {
  for (const [key, value] of Object.entries(values)) {
    Object.defineProperty(video, key, { configurable: true, writable: true, value });
  }
}

describe('video page', () => {
  it("shows the site's poster where the player will be while the lesson loads", async () => {
    // Answered when the test says so, whenever the page asks.
    let answer: (value: unknown) => void = () => undefined;
    const answered = new Promise((resolve) => (answer = resolve));
    api(
      {
        'GET /api/v2/video/102': () => answered,
        'GET /api/v2/video/102/playinfo': () => ok(playInfo()),
      },
      testConfig({ player: { ...testConfig().player, cover: '/cover.png' } }),
    );
    renderApp('/vod/video?id=102');
    const loading = await waitFor(() => {
      const box = screen
        .getAllByRole('status', { name: '加载中' })
        .find((el) => el.matches('.kz-player-box'));
      expect(box).toBeDefined();
      return box!;
    });
    expect(loading.querySelector('img')).toHaveAttribute('src', '/cover.png');
    expect(screen.getByText('视频播放')).toBeInTheDocument();

    answer(ok(videoDetail(102)));
    expect(await screen.findByRole('heading', { name: videoDetail(102).video.title })).toBeInTheDocument();
  });

  it('never shows the browser controls: 播放, then 加载中 until the HLS lesson plays, then its own bar', async () => {
    vi.stubGlobal('MediaSource', function MediaSource() {});
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    api({
      'GET /api/v2/video/102': () => ok(videoDetail(102)),
      'GET /api/v2/video/102/playinfo': () =>
        ok(
          playInfo({ urls: [{ url: 'http://media.test/l.m3u8', format: 'm3u8', duration: 125, name: '' }] }),
        ),
    });
    renderApp('/vod/video?id=102');
    const video = await player();
    const start = await screen.findByRole('button', { name: '播放' });
    expect(video).toHaveAttribute('data-source', 'hls.js');
    expect(video).not.toHaveAttribute('controls');

    fireEvent.click(start);
    expect(play).toHaveBeenCalled();
    Object.defineProperty(video, 'paused', { configurable: true, value: false });
    fireEvent.play(video);
    await waitFor(() => expect(screen.queryByRole('button', { name: '播放' })).toBeNull());
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
    // 播放中 in the catalogue only once it plays
    expect(screen.getByRole('button', { name: /第102课/ })).toHaveTextContent('当前');
    Object.defineProperty(video, 'readyState', { configurable: true, value: 4 });
    fireEvent.playing(video);
    expect(await screen.findByRole('button', { name: '暂停' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /第102课/ })).toHaveTextContent('播放中');
    expect(video).not.toHaveAttribute('controls');
  });

  it('播放 tapped while the lesson is still loading shows 加载中 and starts it once it can', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const answered = new Promise((resolve) => (answer = resolve));
    const play = vi.mocked(HTMLMediaElement.prototype.play);
    api({
      'GET /api/v2/video/102': () => ok(videoDetail(102)),
      'GET /api/v2/video/102/playinfo': () => answered,
    });
    renderApp('/vod/video?id=102');
    fireEvent.click(await screen.findByRole('button', { name: '播放' }));
    expect(screen.queryByRole('button', { name: '播放' })).toBeNull();
    expect(document.querySelector('.kz-player-box .kz-spinner')).not.toBeNull();
    expect(play).not.toHaveBeenCalled();
    answer(ok(playInfo()));
    await player();
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
  });

  it('plays the full video inline with the watermark and resumes where the member stopped', async () => {
    const { calls } = api(
      {
        'GET /api/v2/video/102': () => ok(videoDetail(102, { video_watched_progress: progress(102, 63) })),
        'GET /api/v2/course/5': () =>
          ok(courseDetail({ isBuy: true, videoWatchedProgress: progress(102, 63) })),
        'GET /api/v2/video/102/playinfo': () => ok(playInfo()),
      },
      testConfig({
        player: {
          cover: '/cover.png',
          enabled_bullet_secret: '1',
          bullet_secret: {
            text: '学员${user.mobile} ID${user.id}',
            size: '16',
            color: '#ff0000',
            opacity: '0.6',
          },
        },
      }),
    );
    renderApp('/vod/video?id=102');
    const video = await player();
    expect(video).toHaveAttribute('playsinline');
    expect(video).toHaveAttribute('poster', '/cover.png');
    await waitFor(() => expect(video.getAttribute('src')).toBe('http://media.test/lesson.mp4'));
    expect(video.dataset.source).toBe('native');
    const playinfo = calls.find((c) => c.key === 'GET /api/v2/video/102/playinfo');
    expect(playinfo).toBeTruthy();
    const url = (fetch as unknown as { mock: { calls: [string][] } }).mock.calls
      .map(([u]) => u)
      .find((u) => u.includes('playinfo'))!;
    expect(url).not.toContain('is_try');

    const mark = screen.getByTestId('watermark');
    expect(mark).toHaveTextContent('学员13811112222 ID42');
    expect(mark).toHaveStyle({ fontSize: '16px', color: '#ff0000', opacity: '0.6' });

    setMedia(video, { duration: 125 });
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(63);
    expect(screen.getByText(/上次看到/)).toHaveTextContent('上次看到 01:03，已为您续播');
    fireEvent.click(screen.getByRole('button', { name: '从头播放' }));
    expect(video.currentTime).toBe(0);

    expect(screen.getByRole('heading', { name: '第102课' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /第102课/ })).toHaveTextContent('当前');
    expect(screen.queryByRole('button', { name: /购买课程/ })).toBeNull();
  });

  it('a finished video starts from the beginning; the end offers 下一节 in chapter order, then congratulates', async () => {
    api({
      'GET /api/v2/video/102': () =>
        ok(videoDetail(102, { video_watched_progress: progress(102, 125, true) })),
      'GET /api/v2/video/102/playinfo': () => ok(playInfo()),
      'GET /api/v2/video/103': () => ok(videoDetail(103)),
      'GET /api/v2/video/103/playinfo': () => ok(playInfo()),
    });
    const { router } = renderApp('/vod/video?id=102');
    let video = await player();
    setMedia(video, { duration: 125 });
    fireEvent(video, new Event('loadedmetadata'));
    expect(video.currentTime).toBe(0);

    setMedia(video, { currentTime: 125 });
    fireEvent(video, new Event('ended'));
    // the finished lesson no longer says 播放中
    expect(await screen.findByRole('button', { name: /第102课/ })).toHaveTextContent('已学完');
    expect(screen.getByRole('button', { name: /第102课/ })).not.toHaveTextContent('播放中');
    expect(await screen.findByText('下一节：第103课')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: '下一节' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=103'));
    expect(router.state.historyAction).toBe('REPLACE');

    video = await player();
    setMedia(video, { currentTime: 3725, duration: 3725 });
    fireEvent(video, new Event('ended'));
    expect(await screen.findByText('恭喜您已经学完本套课程！')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '下一节' })).toBeNull();
  });

  it('a trial stops at trial_seconds and offers to buy once, in place of the player', async () => {
    const { calls } = api({
      'GET /api/v2/course/5': () => ok(courseDetail()),
      'GET /api/v2/video/101': () => ok(videoDetail(101, { is_watch: false })),
      'GET /api/v2/video/101/playinfo': () =>
        ok(
          playInfo({
            urls: [{ url: 'http://media.test/trial.mp4', format: 'mp4', duration: 30, name: '试看' }],
            trial_seconds: 30,
          }),
        ),
    });
    const { router } = renderApp('/vod/video?id=101');
    const video = await player();
    await waitFor(() => expect(video.getAttribute('src')).toBe('http://media.test/trial.mp4'));
    const url = (fetch as unknown as { mock: { calls: [string][] } }).mock.calls
      .map(([u]) => u)
      .find((u) => u.includes('playinfo'))!;
    expect(new URL(url, 'http://x').searchParams.get('is_try')).toBe('1');
    expect(screen.getByText('您正在观看试看内容，购买课程后可观看完整内容')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '购买课程 ￥99' })).toBeInTheDocument();
    expect(screen.queryByText(/订阅/)).toBeNull();

    setMedia(video, { currentTime: 29 });
    fireEvent(video, new Event('timeupdate'));
    expect(HTMLMediaElement.prototype.pause).not.toHaveBeenCalled();
    video.focus();
    setMedia(video, { currentTime: 30.2 });
    fireEvent(video, new Event('timeupdate'));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(await screen.findByRole('status')).toHaveTextContent('试看结束，购买课程观看所有视频');
    // the keyboard focus was on the player: it continues on the notice's first action, not on the page
    await waitFor(() => expect(screen.getByRole('button', { name: 'VIP会员免费看' })).toHaveFocus());
    // one prompt: no dialog, no bottom bar, one 购买课程 button
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('button', { name: /购买课程/ })).toHaveLength(1);
    expect(screen.queryByLabelText('视频播放器')).toBeNull();
    expect(calls.some((c) => c.key === 'POST /api/v2/video/101/record')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '购买课程 ￥99' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order'));
    expect(new URLSearchParams(router.state.location.search).get('goods_id')).toBe('5');
  });

  it('a paid video without a trial never asks for play URLs', async () => {
    const { calls } = api({
      'GET /api/v2/course/5': () => ok(courseDetail()),
      'GET /api/v2/video/102': () => ok(videoDetail(102, { is_watch: false })),
    });
    renderApp('/vod/video?id=102');
    expect(await screen.findByText('购买课程后即可观看本视频')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '购买课程 ￥99' }).length).toBeGreaterThan(0);
    expect(screen.queryByText(/订阅/)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'VIP会员免费看' }).length).toBeGreaterThan(0);
    expect(screen.queryByLabelText('视频播放器')).toBeNull();
    expect(calls.some((c) => c.key.includes('playinfo'))).toBe(false);
  });

  it('no play URL: 暂无播放地址 with a retry', async () => {
    let empty = true;
    api({
      'GET /api/v2/video/101': () => ok(videoDetail(101)),
      'GET /api/v2/video/101/playinfo': () => ok(empty ? playInfo({ urls: [] }) : playInfo()),
    });
    renderApp('/vod/video?id=101');
    expect(await screen.findByText('暂无播放地址')).toBeInTheDocument();
    expect(screen.getByText('该视频暂时无法播放，请稍后再试')).toBeInTheDocument();
    empty = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await player()).toBeInTheDocument();
  });

  it('a refused play request shows the server reason', async () => {
    api({
      'GET /api/v2/video/101': () => ok(videoDetail(101)),
      'GET /api/v2/video/101/playinfo': () => ({ code: 1, message: '请购买后观看', data: [] }),
    });
    renderApp('/vod/video?id=101');
    expect(await screen.findByText('请购买后观看')).toBeInTheDocument();
  });

  it('ban_drag: seeking ahead of what was watched jumps back', async () => {
    api({
      'GET /api/v2/video/101': () =>
        ok(videoDetail(101, { video: { ...videoDetail(101).video, ban_drag: 1 } })),
      'GET /api/v2/video/101/playinfo': () => ok(playInfo()),
    });
    renderApp('/vod/video?id=101');
    const video = await player();
    setMedia(video, { currentTime: 20 });
    fireEvent(video, new Event('timeupdate'));
    setMedia(video, { currentTime: 90 });
    fireEvent(video, new Event('seeking'));
    expect(video.currentTime).toBe(20);
    setMedia(video, { currentTime: 10 });
    fireEvent(video, new Event('seeking'));
    expect(video.currentTime).toBe(10);
  });

  it('the player is operable by keyboard: K plays and pauses, arrows seek 5 s, F goes fullscreen', async () => {
    api({
      'GET /api/v2/video/101': () => ok(videoDetail(101)),
      'GET /api/v2/video/101/playinfo': () => ok(playInfo()),
    });
    renderApp('/vod/video?id=101');
    const video = await player();
    expect(video).toHaveAttribute('tabindex', '0');
    setMedia(video, { duration: 125, currentTime: 10, paused: true });
    fireEvent.keyDown(video, { key: 'k' });
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    setMedia(video, { paused: false });
    fireEvent.keyDown(video, { key: 'k' });
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    fireEvent.keyDown(video, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(15);
    fireEvent.keyDown(video, { key: 'ArrowLeft' });
    fireEvent.keyDown(video, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(5);
    const request = vi.fn().mockResolvedValue(undefined);
    (video.closest('.kz-player') as HTMLElement).requestFullscreen = request;
    fireEvent.keyDown(video, { key: 'f' });
    await waitFor(() => expect(request).toHaveBeenCalled());
  });
});
