import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { fail, mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { courseDetail } from '../test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const member = () => {
  setToken('tok');
  return {
    'GET /api/v2/other/config': () => ok(testConfig()),
    'GET /api/v2/member/detail': () => ok(testMember()),
  };
};
const visitor = () => ({ 'GET /api/v2/other/config': () => ok(testConfig()) });

describe('course detail', () => {
  it('shows the course, a safe description, the catalogue and the buy buttons to a visitor', async () => {
    mockApi({ ...visitor(), 'GET /api/v2/course/5': () => ok(courseDetail()) });
    const { router } = renderApp('/vod/detail?id=5');
    expect(await screen.findByRole('heading', { name: 'Python 零基础入门' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '课程详情' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Python 零基础入门'));
    // a paid course is bought once: 购买, never 订阅
    expect(screen.getByText('1280人已购买')).toBeInTheDocument();
    expect(screen.queryByText(/订阅/)).toBeNull();
    expect(screen.getByText('99')).toBeInTheDocument();

    // description: markup kept, scripts dropped
    expect(screen.getByText('Python', { selector: 'strong' })).toBeInTheDocument();
    expect(document.querySelector('.kz-rich-text script')).toBeNull();
    expect((window as unknown as { __x?: number }).__x).toBeUndefined();

    // catalogue
    fireEvent.click(screen.getByRole('tab', { name: '目录' }));
    const first = screen.getByRole('button', { name: /第101课/ });
    expect(first).toHaveTextContent('试看');
    expect(first).toHaveTextContent('02:05');
    expect(screen.getByRole('button', { name: /第103课/ })).toHaveTextContent('01:02:05');
    expect(screen.getByRole('button', { name: /第102课/ })).not.toHaveTextContent('试看');
    // not bought: the lessons without a trial are locked, the trial is not
    expect(
      within(screen.getByRole('button', { name: /第102课/ })).getByRole('img', { name: '未解锁' }),
    ).toBeInTheDocument();
    expect(within(first).queryByRole('img', { name: '未解锁' })).toBeNull();
    const chapter = screen.getByRole('button', { name: '第一章 准备开始' });
    expect(chapter).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(chapter);
    expect(chapter).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: /第101课/ })).toBeNull();

    // buy bar: VIP (course allows it) and the cashier with the course's details
    expect(screen.getByRole('button', { name: 'VIP会员免费看' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '购买课程' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const redirect = new URLSearchParams(router.state.location.search).get('redirect')!;
    const order = new URLSearchParams(redirect.split('?')[1]);
    expect(redirect.startsWith('/order?')).toBe(true);
    expect(order.get('goods_type')).toBe('vod');
    expect(order.get('goods_id')).toBe('5');
    expect(order.get('goods_name')).toBe('Python 零基础入门');
    expect(order.get('goods_charge')).toBe('99');
  });

  it('a visitor who taps 收藏 is sent to log in and back', async () => {
    mockApi({ ...visitor(), 'GET /api/v2/course/5': () => ok(courseDetail()) });
    const { router } = renderApp('/vod/detail?id=5');
    fireEvent.click(await screen.findByRole('button', { name: '收藏' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/vod/detail?id=5')}`);
  });

  it('without VIP access only 购买课程 shows', async () => {
    mockApi({ ...visitor(), 'GET /api/v2/course/5': () => ok(courseDetail({}, { is_vip_free: 0 })) });
    renderApp('/vod/detail?id=5');
    expect(await screen.findByRole('button', { name: '购买课程' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'VIP会员免费看' })).toBeNull();
  });

  it('a member with access starts learning, sees progress and toggles 收藏', async () => {
    const { called } = mockApi({
      ...member(),
      'GET /api/v2/course/5': () =>
        ok(
          courseDetail({
            isBuy: true,
            videoWatchedProgress: {
              '102': {
                id: 1,
                user_id: 1,
                course_id: 5,
                video_id: 102,
                watch_seconds: 63,
                watched_at: null,
                created_at: '',
                updated_at: '',
                deleted_at: null,
              },
            },
          }),
        ),
      'GET /api/v2/course/5/like': () => ok(called('GET /api/v2/course/5/like').length % 2 === 1 ? 1 : 0),
    });
    const { router } = renderApp('/vod/detail?id=5');
    const like = await screen.findByRole('button', { name: '收藏' });
    expect(screen.queryByRole('button', { name: '购买课程' })).toBeNull();
    fireEvent.click(like);
    expect(await screen.findByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: '已收藏' }));
    expect(await screen.findByRole('button', { name: '收藏' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(screen.getByRole('tab', { name: '目录' }));
    expect(screen.getByRole('button', { name: /第102课/ })).toHaveTextContent('已学50%');
    expect(screen.queryByRole('img', { name: '未解锁' })).toBeNull();

    // started (102 seen, unfinished): 继续学习 goes back into it
    fireEvent.click(screen.getByRole('button', { name: '继续学习' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=102'));
    expect(router.state.location.pathname).toBe('/vod/video');
  });

  it('开始学习 on a course without lessons says so', async () => {
    mockApi({
      ...visitor(),
      'GET /api/v2/course/5': () => ok(courseDetail({ chapters: [], videos: [] }, { is_free: 1, charge: 0 })),
    });
    renderApp('/vod/detail?id=5');
    expect(await screen.findByText('免费')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '开始学习' }));
    expect(await screen.findByText('暂无可学习课时！')).toBeInTheDocument();
  });

  it('comments (v3): threads, pending text hidden, missing authors, the six-character rule and posting', async () => {
    const hash = (n: number) => `h${String(n).padStart(15, '0')}`;
    const comment = (id: number, content: string, extra: object = {}) => ({
      id: hash(id),
      parent_id: hash(0),
      reply_id: hash(0),
      content,
      ip_province: '浙江省',
      is_check: 1,
      created_at: new Date().toISOString(),
      user: { avatar: '/a.png', nick_name: '小明' },
      ...extra,
    });
    const asked: string[] = [];
    const reply = comment(5, '同意', { parent_id: hash(2), user: { avatar: '', nick_name: '小红' } });
    let threads = [
      { ...comment(2, '<b>讲得好</b>'), replies_count: 2, replies: [reply] },
      { ...comment(1, '', { is_check: 0, user: [] }), replies_count: 0, replies: [] },
    ];
    const { called } = mockApi({
      ...member(),
      'GET /api/v2/course/5': () => ok(courseDetail({ isBuy: true })),
      'GET /api/v3/comments': ({ url }) => {
        asked.push(url.search);
        return ok({ data: threads, total: 2 });
      },
      'GET /api/v3/comments/replies': () =>
        ok({
          data: [
            comment(6, '补充', {
              parent_id: hash(2),
              reply_id: hash(5),
              reply_user: { avatar: '', nick_name: '小红' },
            }),
            reply,
          ],
        }),
      'POST /api/v3/comment/store': ({ body }) => {
        const created = comment(3, '', { is_check: 0 });
        threads = [{ ...created, replies_count: 0, replies: [] }, ...threads];
        expect(body.content).toBe('这门课讲得很清楚');
        return ok(created);
      },
    });
    renderApp('/vod/detail?id=5');
    fireEvent.click(await screen.findByRole('tab', { name: '评论' }));
    expect(await screen.findByText('<b>讲得好</b>')).toBeInTheDocument();
    expect(asked[0]).toBe('?rt=1&rid=5');
    expect(screen.getByText('小明')).toBeInTheDocument();
    expect(screen.getByText('同意')).toBeInTheDocument();
    expect(screen.getByText('学员已注销')).toBeInTheDocument();
    expect(screen.getByText('评论审核中')).toBeInTheDocument();
    expect(screen.getAllByText('浙江省').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '查看全部2条回复' }));
    expect(await screen.findByText('补充')).toBeInTheDocument();
    expect(screen.getByText('小明 回复 小红')).toBeInTheDocument();

    const input = screen.getByPlaceholderText('请输入评论内容');
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(called('POST /api/v3/comment/store')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '太短了' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('评论内容不能少于6个字')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '这门课讲得很清楚' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('评论已提交，审核通过后显示')).toBeInTheDocument();
    expect(called('POST /api/v3/comment/store')[0].body).toEqual({
      rt: 1,
      rid: 5,
      content: '这门课讲得很清楚',
    });
    expect(input).toHaveValue('');
  });

  it('a member without access is told to buy before commenting', async () => {
    mockApi({
      ...member(),
      'GET /api/v2/course/5': () => ok(courseDetail()),
      'GET /api/v3/comments': () => ok({ data: [], total: 0 }),
    });
    renderApp('/vod/detail?id=5');
    fireEvent.click(await screen.findByRole('tab', { name: '评论' }));
    expect(await screen.findByText('暂无评论')).toBeInTheDocument();
    expect(screen.queryByText(/快来抢沙发吧/)).toBeNull();
    expect(screen.getByText('购买课程后即可参与评论')).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('请输入评论内容')).toBeNull();
    // … and the buttons to buy stay at the bottom on this tab too.
    expect(screen.getByRole('button', { name: '购买课程' })).toBeInTheDocument();
  });

  it('attachments: buy first, then download through a single-use address, never the token', async () => {
    const downloadWindow = { opener: window as Window | null, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => downloadWindow as unknown as Window);
    let bought = false;
    const address = 'http://127.0.0.1:8300/api/v2/course/attach/9/download?ticket=T1';
    mockApi({
      ...member(),
      'GET /api/v2/course/5': () => ok(courseDetail({ isBuy: bought })),
      'GET /api/v3/course/5/attach/9': () => ok({ download_url: address }),
    });
    const first = renderApp('/vod/detail?id=5');
    fireEvent.click(await screen.findByRole('tab', { name: '课件' }));
    fireEvent.click(screen.getByRole('button', { name: '下载 讲义.pdf' }));
    expect(await screen.findByText('请购买课程')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    // The buy bar stays on the 课件 tab (the way to get the attachments).
    expect(screen.getByRole('button', { name: '购买课程' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '收藏' })).toBeInTheDocument();
    first.unmount();

    bought = true;
    setToken('tok');
    renderApp('/vod/detail?id=5');
    fireEvent.click(await screen.findByRole('tab', { name: '课件' }));
    fireEvent.click(screen.getByRole('button', { name: '下载 讲义.pdf' }));
    await waitFor(() => expect(downloadWindow.location.href).toBe(address));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(downloadWindow.opener).toBeNull();
    expect(downloadWindow.location.href).not.toContain('tok');
  });

  it('an unknown course says so; a network failure offers a retry', async () => {
    let down = true;
    mockApi({
      ...visitor(),
      'GET /api/v2/course/404': () => fail('错误'),
      'GET /api/v2/course/5': () => {
        if (down) throw new TypeError('Failed to fetch');
        return ok(courseDetail());
      },
    });
    const view = renderApp('/vod/detail?id=404');
    expect(await screen.findByText('课程不存在或已下架')).toBeInTheDocument();
    expect(screen.queryByText('错误')).toBeNull();
    // A way onward: the course list.
    expect(screen.getByRole('link', { name: '看看其他课程' })).toHaveAttribute('href', '/vod');
    view.unmount();

    renderApp('/vod/detail?id=5');
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByText('加载失败，请稍后重试')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('heading', { name: 'Python 零基础入门' })).toBeInTheDocument();
  });
});
