import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { linkTarget } from '../components/block-link';

afterEach(() => {
  vi.unstubAllGlobals();
});

const course = (id: number, title: string, charge: number, isFree: number) => ({
  id,
  title,
  thumb: `/c${id}.png`,
  charge,
  user_count: 100 + id,
  short_description: '',
  published_at: '2024-01-01 10:00:00',
  category_id: 1,
  is_rec: 0,
  is_free: isFree,
  is_vip_free: 1,
  created_at: '2024-01-01T02:00:00.000000Z',
  category: { id: 1, name: '后端' },
});

const base = { platform: 'h5', page: 'h5-page-index', config: '' };
const BLOCKS = [
  {
    ...base,
    id: 1,
    sort: 1,
    sign: 'slider',
    config_render: [
      { src: '/b1.png', href: '/vod' },
      { src: '/b2.png', href: 'https://example.com/promo' },
    ],
  },
  {
    ...base,
    id: 2,
    sort: 2,
    sign: 'grid-nav',
    config_render: {
      line_count: 5,
      items: [
        { src: '/i1.png', name: '全部课程', href: '/vod' },
        { src: '/i2.png', name: '我的学习', href: '/study' },
      ],
    },
  },
  { ...base, id: 3, sort: 3, sign: 'code', config_render: { html: '<b>注入的代码块</b>' } },
  {
    ...base,
    id: 4,
    sort: 4,
    sign: 'h5-vod-v1',
    config_render: {
      title: '推荐课程',
      items: [course(7, 'Python 零基础入门', 0, 1), course(8, 'SQL 实战', 129, 0)],
    },
  },
  { ...base, id: 5, sort: 5, sign: 'h5-vod-v1', config_render: { title: '空的分区', items: [] } },
  { ...base, id: 6, sort: 6, sign: 'blank', config_render: { height: 24, bgcolor: '#ff0000' } },
  {
    ...base,
    id: 7,
    sort: 7,
    sign: 'image-group',
    config_render: { v: 'v-1-2', items: [{ src: '/g1.png', url: '/role' }] },
  },
  {
    ...base,
    id: 8,
    sort: 8,
    sign: 'h5-gzh-v1',
    config_render: {
      title: '关注公众号',
      name: '课栈学堂',
      logo: '/l.png',
      desc: '新课通知',
      qrcode: '/qr.png',
    },
  },
  {
    ...base,
    id: 9,
    sort: 9,
    sign: 'h5-live-v1',
    config_render: { title: '直播', items: [{ id: 1, title: '直播课' }] },
  },
];

describe('home page', () => {
  it('renders the decoration blocks in order and skips unknown ones', async () => {
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig({ name: '我的网校' })),
      'GET /api/v2/viewBlock/page/blocks': () => ok(BLOCKS),
    });
    const { container } = renderApp('/');
    expect(await screen.findByRole('heading', { name: '推荐课程' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('我的网校'));

    // slider: internal paths through the router, outside addresses as plain links
    expect(screen.getByRole('link', { name: '轮播图 1' })).toHaveAttribute('href', '/vod');
    expect(screen.getByRole('link', { name: '轮播图 2' })).toHaveAttribute(
      'href',
      'https://example.com/promo',
    );
    expect(screen.getAllByRole('button', { name: /第 \d 张/ })).toHaveLength(2);

    // grid nav: five per row, login-only pages are plain links (their route guards them)
    const grid = screen.getByRole('navigation', { name: '快捷入口' });
    expect(grid).toHaveClass('kz-block-grid--5');
    expect(within(grid).getByRole('link', { name: '我的学习' })).toHaveAttribute('href', '/study');

    // course section
    const section = screen.getByRole('region', { name: '推荐课程' });
    expect(within(section).getByRole('link', { name: '查看全部' })).toHaveAttribute('href', '/vod');
    const python = within(section).getByRole('link', { name: /Python 零基础入门/ });
    expect(python).toHaveAttribute('href', '/vod/detail?id=7');
    expect(python).toHaveTextContent('107人已订阅');
    expect(python).toHaveTextContent('免费');
    expect(within(section).getByRole('link', { name: /SQL 实战/ })).toHaveTextContent('￥129');
    // a paid course is bought once: 人已购买, never 订阅
    expect(within(section).getByRole('link', { name: /SQL 实战/ })).toHaveTextContent(/\d+人已购买/);
    expect(screen.queryByRole('heading', { name: '空的分区' })).toBeNull();

    // unknown or unsupported signs render nothing
    expect(screen.queryByText('注入的代码块')).toBeNull();
    expect(screen.queryByText('直播课')).toBeNull();

    // blank spacer and an image group with fewer images than its layout wants
    expect(container.querySelector('[style*="height: 24px"]')).toHaveStyle({ background: '#ff0000' });
    expect(container.querySelector('.kz-image-group--v-1-2 a')).toHaveAttribute('href', '/role');
    expect(screen.getByText('课栈提供技术支持')).toBeInTheDocument();
  });

  it('continue learning: a member sees the last lesson, its progress and 继续学习', async () => {
    setToken('t');
    const { called } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => ok(testMember()),
      'GET /api/v2/viewBlock/page/blocks': () => ok([]),
      'GET /api/v3/member/courses/learned': () =>
        ok({
          total: 1,
          data: [
            {
              id: 1,
              course_id: 7,
              user_id: 1,
              is_watched: 0,
              watched_at: null,
              progress: 40,
              created_at: '',
              updated_at: '',
              learned_count: 2,
              is_subscribe: 0,
              course: { id: 7, title: 'Python 零基础入门', thumb: '/c7.png', charge: 0, videos_count: 5 },
              last_view_video: {
                id: 3,
                user_id: 1,
                course_id: 7,
                video_id: 103,
                watch_seconds: 65,
                watched_at: null,
                created_at: '',
                updated_at: '',
                video: { id: 103, title: '变量与字符串', duration: 120, published_at: null },
              },
            },
          ],
        }),
    });
    renderApp('/');
    const card = await screen.findByRole('region', { name: '上次学到：变量与字符串' });
    expect(within(card).getByText('Python 零基础入门')).toBeInTheDocument();
    // the lesson's name and the progress each on one line of their own (never cut to a few characters)
    expect(within(card).getByRole('heading', { name: '变量与字符串' })).toBeInTheDocument();
    expect(within(card).getByText('上次学到 · 01:05 / 02:00')).toBeInTheDocument();
    expect(within(card).getByText('已学40%')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: '课程进度' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(card).getByRole('link', { name: '继续学习' })).toHaveAttribute('href', '/vod/video?id=103');
    expect(called('GET /api/v3/member/courses/learned')[0].key).toBe('GET /api/v3/member/courses/learned');
  });

  it('continue learning: after a finished lesson the card offers the next unfinished one, then the course', async () => {
    setToken('t');
    const lesson = (id: number, title: string) => ({ id, title, duration: 90 });
    const seen = (video_id: number, finished: boolean, updated_at: string) => ({
      video_id,
      watch_seconds: 90,
      watched_at: finished ? '2026-03-01 10:00:00' : null,
      updated_at,
    });
    let allDone = false;
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => ok(testMember()),
      'GET /api/v2/viewBlock/page/blocks': () => ok([]),
      'GET /api/v3/member/courses/learned': () =>
        ok({
          total: 1,
          data: [
            {
              course_id: 7,
              progress: 50,
              learned_count: 2,
              course: { id: 7, title: 'Python 零基础入门', thumb: '/c7.png', charge: 0, videos_count: 4 },
              last_view_video: {
                video_id: 102,
                watch_seconds: 90,
                watched_at: '2026-03-01 10:00:00',
                video: { id: 102, title: '第二课', duration: 90, published_at: null },
              },
            },
          ],
        }),
      'GET /api/v2/course/7': () =>
        ok({
          chapters: [{ id: 1 }],
          videos: {
            '1': [lesson(101, '第一课'), lesson(102, '第二课'), lesson(103, '第三课')],
            '0': [lesson(104, '第四课')],
          },
          videoWatchedProgress: {
            '101': seen(101, true, '2026-03-01T01:00:00Z'),
            '102': seen(102, true, '2026-03-01T03:00:00Z'),
            '103': seen(103, true, '2026-03-01T02:00:00Z'),
            ...(allDone ? { '104': seen(104, true, '2026-03-01T00:00:00Z') } : {}),
          },
        }),
    });
    const view = renderApp('/');
    // 102 (seen last) and 103 are finished: 104 is next, never a finished lesson.
    const card = await screen.findByRole('region', { name: '下一课：第四课' });
    expect(within(card).getByRole('link', { name: '继续学习' })).toHaveAttribute('href', '/vod/video?id=104');
    view.unmount();

    allDone = true;
    renderApp('/');
    const done = await screen.findByRole('region', { name: '已学完全部课时：Python 零基础入门' });
    expect(within(done).getByRole('link', { name: '查看课程' })).toHaveAttribute('href', '/vod/detail?id=7');
  });

  it('continue learning: visitors are not asked for it', async () => {
    const { called } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/viewBlock/page/blocks': () => ok([]),
    });
    renderApp('/');
    await screen.findByRole('heading', { name: '课栈' });
    await waitFor(() => expect(screen.queryByRole('status', { name: '加载中' })).toBeNull());
    expect(called('GET /api/v3/member/courses/learned')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: '继续学习' })).toBeNull();
  });

  it('asks the server for the h5 index page', async () => {
    const { calls } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/viewBlock/page/blocks': () => ok([]),
    });
    renderApp('/');
    await screen.findByText('课栈提供技术支持');
    expect(calls.find((c) => c.key === 'GET /api/v2/viewBlock/page/blocks')).toBeTruthy();
    const fetchUrl = (fetch as unknown as { mock: { calls: [string][] } }).mock.calls
      .map(([u]) => new URL(u, 'http://localhost'))
      .find((u) => u.pathname === '/api/v2/viewBlock/page/blocks')!;
    expect(fetchUrl.searchParams.get('platform')).toBe('h5');
    expect(fetchUrl.searchParams.get('page_name')).toBe('h5-page-index');
  });

  it('the official-account card opens and closes its QR code', async () => {
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/viewBlock/page/blocks': () => ok([BLOCKS[7]]),
    });
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '关注' }));
    const dialog = screen.getByRole('dialog', { name: '关注公众号' });
    expect(within(dialog).getByRole('img', { name: '课栈学堂二维码' })).toHaveAttribute('src', '/qr.png');
    expect(within(dialog).getByText('长按二维码识别或截图保存')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByText('长按二维码识别或截图保存'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a skeleton, then a retry when the blocks fail to load', async () => {
    let fails = true;
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/viewBlock/page/blocks': () => {
        if (fails) return new Response('', { status: 500 });
        return ok([BLOCKS[3]]);
      },
    });
    renderApp('/');
    expect(await screen.findByText('首页内容加载失败，请检查网络后重试')).toBeInTheDocument();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: '推荐课程' })).toBeInTheDocument();
  });

  it('search: empty input toasts, text opens /search with the encoded keywords', async () => {
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/viewBlock/page/blocks': () => ok([]),
    });
    const { router } = renderApp('/');
    const input = await screen.findByPlaceholderText('搜索关键词');
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('请输入关键字后再搜索')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: ' 数据 & 分析 ' } });
    fireEvent.submit(input);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(new URLSearchParams(router.state.location.search).get('keywords')).toBe('数据 & 分析');
  });
});

describe('linkTarget', () => {
  it('sends http, protocol-relative and www addresses out, everything else through the router', () => {
    expect(linkTarget('https://a.com/x')).toEqual({ external: true, to: 'https://a.com/x' });
    expect(linkTarget('//a.com')).toEqual({ external: true, to: '//a.com' });
    expect(linkTarget('www.a.com')).toEqual({ external: true, to: 'https://www.a.com' });
    expect(linkTarget('/vod?scene=free')).toEqual({ external: false, to: '/vod?scene=free' });
    expect(linkTarget('role')).toEqual({ external: false, to: '/role' });
    expect(linkTarget('/vod/www')).toEqual({ external: false, to: '/vod/www' });
    expect(linkTarget('')).toBeNull();
    expect(linkTarget(null)).toBeNull();
  });
});
