import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

const offsetParent = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetParent');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get() {
      return this.parentNode;
    },
  });
});
afterAll(() => {
  if (offsetParent) Object.defineProperty(HTMLElement.prototype, 'offsetParent', offsetParent);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const course = (id: number, title = `课程 ${id}`) => ({
  id,
  title,
  thumb: `/c${id}.png`,
  charge: 99,
  videos_count: 4,
});
const last = (courseId: number, videoId: number) => ({
  id: 1,
  user_id: 1,
  course_id: courseId,
  video_id: videoId,
  watch_seconds: 30,
  watched_at: null,
  created_at: '',
  updated_at: '',
  video: { id: videoId, title: '变量与字符串', duration: 120, published_at: null },
});
const learned = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  course_id: id,
  user_id: 1,
  is_watched: 0,
  watched_at: null,
  progress: 50,
  created_at: '',
  updated_at: '',
  learned_count: 2,
  is_subscribe: 0,
  last_view_video: [],
  course: course(id),
  ...extra,
});

function api(handlers: Parameters<typeof mockApi>[0]) {
  setToken('tok');
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig()),
    'GET /api/v2/member/detail': () => ok(testMember()),
    ...handlers,
  });
}

describe('study page', () => {
  it('在学: progress per course, continue learning and the subscribed badge; pages until a short page', async () => {
    const { calls } = api({
      'GET /api/v3/member/courses/learned': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        if (page === 2)
          return ok({
            data: [learned(20, { course: course(20, '第二页课程'), last_view_video: [] })],
            total: 11,
          });
        const rows = Array.from({ length: 10 }, (_, i) => learned(i + 1));
        rows[0] = learned(1, {
          course: course(1, 'Python 零基础入门'),
          is_subscribe: 1,
          last_view_video: last(1, 77),
        });
        return ok({ data: rows, total: 11 });
      },
    });
    const { router } = renderApp('/study');
    expect(await screen.findByRole('heading', { name: '我的课程' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('我的课程'));
    expect(screen.getByRole('tab', { name: '在学' })).toHaveAttribute('aria-selected', 'true');
    // the most recent course's last lesson on top, with its progress and 继续学习
    const card = await screen.findByRole('region', { name: '上次学到：变量与字符串' });
    expect(within(card).getByText('上次学到 · 00:30 / 02:00')).toBeInTheDocument();
    expect(within(card).getByText('已学50%')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '继续学习' })).toHaveAttribute('href', '/vod/video?id=77');
    const item = (await screen.findAllByText('Python 零基础入门'))
      .map((el) => el.closest('li'))
      .find(Boolean)!;
    expect(within(item).getByText('已购买')).toBeInTheDocument();
    expect(within(item).getByText('已学 2/4课时')).toBeInTheDocument();
    expect(within(item).getByRole('progressbar', { name: '学习进度' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(item).getByRole('link')).toHaveAttribute('href', '/vod/video?id=77');

    expect(await screen.findByText('第二页课程')).toBeInTheDocument();
    expect(await screen.findByText('已经到底了')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'GET /api/v3/member/courses/learned')).toHaveLength(2);
    expect(screen.getByText('第二页课程').closest('a')).toHaveAttribute('href', '/vod/detail?id=20');

    fireEvent.click(within(item).getByRole('button', { name: /继续学习/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=77'));
  });

  it('switches tabs through ?tab= with replace and never mixes tabs', async () => {
    let release: () => void = () => {};
    api({
      'GET /api/v3/member/courses/learned': () =>
        new Promise((r) => {
          release = () => r(ok({ data: [learned(1, { course: course(1, '在学的课') })], total: 1 }));
        }) as unknown as Response,
      'GET /api/v3/member/courses': () =>
        ok({
          data: [
            {
              course_id: 2,
              user_id: 1,
              charge: 99,
              created_at: '',
              learned_count: 1,
              watch_record: [],
              last_view_video: [],
              course: course(2, '买过的课'),
            },
          ],
          total: 1,
        }),
      'GET /api/v3/member/courses/like': () => ok({ data: [], total: 0 }),
    });
    const { router } = renderApp('/study');
    fireEvent.click(await screen.findByRole('tab', { name: '已购' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=course'));
    expect(router.state.historyAction).toBe('REPLACE');
    const bought = (await screen.findByText('买过的课')).closest('li')!;
    expect(within(bought).getByText('已购买')).toBeInTheDocument();
    expect(within(bought).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    release();
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText('在学的课')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: '收藏' }));
    expect(await screen.findByText('还没有收藏的课程')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '去选课' })).toHaveAttribute('href', '/vod');
  });

  it('a removed course is shown as such; a failed load offers a retry', async () => {
    let down = true;
    api({
      'GET /api/v3/member/courses/learned': () =>
        down ? new Response('', { status: 500 }) : ok({ data: [learned(3, { course: [] })], total: 1 }),
    });
    renderApp('/study?tab=study');
    expect(await screen.findByText('加载失败，请稍后重试')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('课程已下架')).toBeInTheDocument();
  });
});
