import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/member/setting', () => {
  it('the logout dialog takes the focus and gives it back to 退出登录 when cancelled', async () => {
    setToken('t');
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => ok(testMember()),
    });
    renderApp('/member/setting');
    const logout = await screen.findByRole('button', { name: '退出登录' });
    logout.focus();
    fireEvent.click(logout);
    const dialog = await screen.findByRole('dialog', { name: '退出登录' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(document.activeElement).toBe(logout));
    expect(getToken()).toBe('t');
  });

  it('外观: 跟随系统 by default; 深色 and 浅色 switch the page at once and are remembered', async () => {
    mockApi({ 'GET /api/v2/other/config': () => ok(testConfig()) });
    renderApp('/member/setting');
    const group = await screen.findByRole('radiogroup', { name: '外观' });
    const option = (name: string) => within(group).getByRole('radio', { name });
    expect(option('跟随系统')).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(option('深色'));
    expect(option('深色')).toHaveAttribute('aria-checked', 'true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.dataset.prefersColorScheme).toBe('dark');
    expect(localStorage.getItem('kezhan-appearance')).toBe('dark');
    fireEvent.click(option('浅色'));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('kezhan-appearance')).toBe('light');
    fireEvent.click(option('跟随系统'));
    expect(localStorage.getItem('kezhan-appearance')).toBeNull();
  });

  it('lists the three pages and the copyright, without logout for visitors', async () => {
    mockApi({ 'GET /api/v2/other/config': () => ok(testConfig({ webname: '课栈网校' })) });
    renderApp('/member/setting');
    expect(await screen.findByRole('heading', { name: '关于平台' })).toBeInTheDocument();
    for (const label of ['用户协议', '隐私协议', '关于我们'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getByText(`Copyright ${new Date().getFullYear()}.`)).toBeInTheDocument();
    expect(screen.getByText('课栈网校 版权所有')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
    expect(screen.queryByText('会员服务协议')).toBeNull();
  });

  it('opens each document in a new window, with 会员服务协议 when the site has one', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    mockApi({
      'GET /api/v2/other/config': () =>
        ok(
          testConfig({
            user_protocol: 'https://s.test/user',
            user_private_protocol: 'https://s.test/privacy',
            vip_protocol: 'https://s.test/vip',
            aboutus: 'https://s.test/about',
          }),
        ),
    });
    renderApp('/member/setting');
    fireEvent.click(await screen.findByText('用户协议'));
    fireEvent.click(screen.getByText('隐私协议'));
    fireEvent.click(screen.getByText('会员服务协议'));
    fireEvent.click(screen.getByText('关于我们'));
    expect(open.mock.calls.map((c) => c[0])).toEqual([
      'https://s.test/user',
      'https://s.test/privacy',
      'https://s.test/vip',
      'https://s.test/about',
    ]);
    expect(open).toHaveBeenCalledWith('https://s.test/user', '_blank', 'noopener');
  });

  it('logs a member out after confirmation', async () => {
    setToken('t');
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => ok(testMember()),
    });
    const { router } = renderApp('/member/setting');
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认安全退出登录？')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('已安全退出')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(getToken()).toBe('');
    expect(useAppStore.getState()).toMatchObject({ isLogin: false, user: null });
  });
});
