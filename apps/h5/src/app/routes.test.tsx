import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { goBack } from '@/shared/layout/go-back';
import { TAB_ICON_SIZE } from '@/shared/layout/tab-bar-layout';
import { getToken, setToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { fail, mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { pcRedirectTarget } from './startup';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PRIVATE = [
  '/study',
  '/vod/video?id=3',
  '/role',
  '/order?goods_id=1',
  '/order/pay',
  '/order/success',
  '/member/order',
  '/messages',
  '/member/profile',
  '/member/mobileVerify',
  '/member/password',
  '/member/mobile',
];
const PUBLIC: [string, string][] = [
  ['/vod', '录播课程'],
  ['/vod/detail?id=1', '课程详情'],
  ['/search?keywords=a', '搜索'],
  ['/member/setting', '关于平台'],
];

describe('routes and guards', () => {
  it('/member/orders is not a dead end: it replaces itself with /member/order', async () => {
    setToken('t');
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => ok(testMember()),
      'GET /api/v2/member/orders': () => ok({ data: [], total: 0 }),
    });
    const { router } = renderApp('/member/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/order'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
  });

  it.each(PRIVATE)('%s without a token redirects to /login with the encoded path and query', async (path) => {
    mockApi({ 'GET /api/v2/other/config': () => ok(testConfig()) });
    const { router } = renderApp(path);
    await screen.findByRole('heading', { name: '登录/注册' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(path)}`);
  });

  it.each(PUBLIC)('%s is open to visitors', async (path, title) => {
    mockApi({ 'GET /api/v2/other/config': () => ok(testConfig()) });
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
  });

  it('a private route opens with a token', async () => {
    setToken('t');
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => ok(testMember()),
    });
    renderApp('/messages');
    expect(await screen.findByRole('heading', { name: '我的消息' })).toBeInTheDocument();
  });

  it('unknown paths and /error show the 404 page; 返回首页 replaces to /', async () => {
    mockApi({ 'GET /api/v2/other/config': () => ok(testConfig()) });
    const { router } = renderApp('/does/not/exist');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('the tab bar shows 首页 在学 我的 with 28 px icons and replaces history', async () => {
    mockApi({ 'GET /api/v2/other/config': () => ok(testConfig()) });
    const { router } = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: '底部导航' });
    const names = Array.from(nav.querySelectorAll('button')).map((b) => b.textContent);
    expect(names).toEqual(['首页', '在学', '我的']);
    expect(screen.getByRole('button', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    expect(TAB_ICON_SIZE).toBe(28);
    expect(nav.querySelector('.kz-tab-icon')).toHaveStyle({ fontSize: '28px' });

    fireEvent.click(screen.getByRole('button', { name: '我的' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('请登录')).toBeInTheDocument();
  });

  it('back arrow: home with a short history, else one step back', () => {
    const navigate = vi.fn();
    goBack(navigate, 2);
    expect(navigate).toHaveBeenLastCalledWith('/');
    goBack(navigate, 1);
    expect(navigate).toHaveBeenLastCalledWith('/');
    goBack(navigate, 3);
    expect(navigate).toHaveBeenLastCalledWith(-1);
  });

  it('scrolls to the top when the path changes', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    mockApi({ 'GET /api/v2/other/config': () => ok(testConfig()) });
    const { router } = renderApp('/');
    await screen.findByRole('navigation', { name: '底部导航' });
    const before = scrollTo.mock.calls.length;
    await act(async () => {
      await router.navigate('/member');
    });
    expect(scrollTo.mock.calls.length).toBeGreaterThan(before);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});

describe('startup', () => {
  it('shows a spinner until the configuration is loaded', async () => {
    let release: () => void = () => {};
    mockApi({
      'GET /api/v2/other/config': () =>
        new Promise((r) => {
          release = () => r(ok(testConfig({ name: '我的网校' })));
        }) as unknown as Response,
    });
    renderApp('/');
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '底部导航' })).toBeNull();
    act(() => release());
    expect(await screen.findByText('我的网校')).toBeInTheDocument();
  });

  it('a failed configuration load is logged; the app renders with a retry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let down = true;
    mockApi({
      'GET /api/v2/other/config': () => {
        if (down) throw new TypeError('Failed to fetch');
        return ok(testConfig({ name: '我的网校' }));
      },
    });
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('站点配置加载失败，请检查网络后重试');
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '底部导航' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('系统初始化失败', expect.anything());

    down = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('我的网校')).toBeInTheDocument();
    expect(screen.queryByText('站点配置加载失败，请检查网络后重试')).toBeNull();
  });

  it('loads the member detail with a token and marks the user logged in', async () => {
    setToken('good');
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => ok(testMember({ nick_name: '学员甲' })),
    });
    renderApp('/member');
    expect(await screen.findByText('学员甲')).toBeInTheDocument();
    expect(screen.getByText('免费会员')).toBeInTheDocument();
  });

  it('an invalid token (code 401) is dropped and the visitor continues', async () => {
    setToken('expired');
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => fail('请登录', 401),
    });
    renderApp('/member');
    expect(await screen.findByText('请登录')).toBeInTheDocument();
    expect(getToken()).toBe('');
    expect(useAppStore.getState().isLogin).toBe(false);
  });

  it('bind modal at startup: 退出登录 logs out and opens /member', async () => {
    setToken('t');
    mockApi({
      'GET /api/v2/other/config': () =>
        ok(testConfig({ member: { enabled_mobile_bind_alert: 1, enabled_face_verify: false } })),
      'GET /api/v2/member/detail': () => ok(testMember({ is_bind_mobile: 0 })),
    });
    const { router } = renderApp('/member/setting');
    expect(await screen.findByText('登录前请绑定手机号')).toBeInTheDocument();
    expect(screen.getByText('绑定手机号')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(getToken()).toBe('');
  });

  it('bind modal at startup: 立即绑定 parks the token and opens /bind-mobile', async () => {
    setToken('t-1');
    mockApi({
      'GET /api/v2/other/config': () =>
        ok(testConfig({ member: { enabled_mobile_bind_alert: 1, enabled_face_verify: false } })),
      'GET /api/v2/member/detail': () => ok(testMember({ is_bind_mobile: 0 })),
    });
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '立即绑定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bind-mobile'));
    expect(localStorage.getItem('meedu-h5-tmp-token')).toBe('t-1');
    expect(getToken()).toBe('');
  });

  it('face modal at startup (not on /auth/faceSuccess); a failed start toasts 无法发起实名认证', async () => {
    setToken('t');
    mockApi({
      'GET /api/v2/other/config': () =>
        ok(testConfig({ member: { enabled_mobile_bind_alert: 0, enabled_face_verify: true } })),
      'GET /api/v2/member/detail': () => ok(testMember({ is_face_verify: false })),
      'POST /api/v3/member/tencent/faceVerify': () => new Response('', { status: 404 }),
    });
    renderApp('/');
    expect(await screen.findByText('登录前请完成实名认证')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '立即认证' }));
    expect(await screen.findByText('无法发起实名认证')).toBeInTheDocument();
  });

  it('PC redirect only for a non-empty pc_url on a desktop browser', () => {
    expect(pcRedirectTarget(testConfig({ pc_url: 'https://pc.example.com' }), false)).toBe(
      'https://pc.example.com',
    );
    expect(pcRedirectTarget(testConfig({ pc_url: 'https://pc.example.com' }), true)).toBeNull();
    expect(pcRedirectTarget(testConfig({ pc_url: '' }), false)).toBeNull();
  });
});
