import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '@/shared/storage/storage';
import { mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function stubLocationReplace() {
  const replace = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    replace,
    href: window.location.href,
    search: window.location.search,
    pathname: window.location.pathname,
  });
  return replace;
}

describe('social code login at startup', () => {
  it('success 1 stores the token and reloads the cleaned address; the code is recorded', async () => {
    window.history.replaceState(null, '', '/member?login_code=CODE1&action=login');
    const replace = stubLocationReplace();
    const { called } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'POST /api/v3/auth/login/code': () => ok({ success: 1, token: 'social-token' }),
    });
    renderApp('/member?login_code=CODE1&action=login');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('http://localhost:3000/member'));
    expect(getToken()).toBe('social-token');
    expect(called('POST /api/v3/auth/login/code')[0].body).toEqual({ code: 'CODE1' });
    expect(sessionStorage.getItem('login_code:CODE1')).toBe('CODE1');
  });

  it('a code already used in this tab is not sent again', async () => {
    window.history.replaceState(null, '', '/member?login_code=USED&action=login');
    sessionStorage.setItem('login_code:USED', 'USED');
    const { called } = mockApi({ 'GET /api/v2/other/config': () => ok(testConfig()) });
    renderApp('/member?login_code=USED&action=login');
    expect(await screen.findByText('请登录')).toBeInTheDocument();
    expect(called('POST /api/v3/auth/login/code')).toHaveLength(0);
    expect(window.location.search).toBe('');
  });

  it('bind_mobile keeps the code and the modal leads to /code-bind-mobile', async () => {
    window.history.replaceState(null, '', '/?login_code=BIND&action=login');
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'POST /api/v3/auth/login/code': () => ok({ success: 0, action: 'bind_mobile', code: 'BIND' }),
    });
    const { router } = renderApp('/?login_code=BIND&action=login');
    expect(await screen.findByText('登录前请绑定手机号')).toBeInTheDocument();
    expect(localStorage.getItem('login_code')).toBe('BIND');
    expect(window.location.search).toBe('');
    fireEvent.click(screen.getByRole('button', { name: '立即绑定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/code-bind-mobile'));
  });

  describe('a signed-in member is asked before a login_code replaces the session', () => {
    const SWITCH_TEXT =
      '当前已登录账号“小课”。继续将退出该账号，改用刚才授权的QQ或微信账号登录。如果这不是您本人刚刚发起的登录，请选择“保持当前登录”。';

    it('保持当前登录 keeps the session and never sends the code', async () => {
      setToken('my-token');
      window.history.replaceState(null, '', '/member?login_code=FOREIGN&action=login');
      const { called } = mockApi({
        'GET /api/v2/other/config': () => ok(testConfig()),
        'GET /api/v2/member/detail': () => ok(testMember()),
        'POST /api/v3/auth/login/code': () => ok({ success: 1, token: 'attackers-token' }),
      });
      renderApp('/member?login_code=FOREIGN&action=login');
      const dialog = await screen.findByRole('dialog', { name: '切换登录账号？' });
      expect(dialog).toHaveTextContent(SWITCH_TEXT);
      fireEvent.click(screen.getByRole('button', { name: '保持当前登录' }));
      await waitFor(() => expect(window.location.search).toBe(''));
      expect(called('POST /api/v3/auth/login/code')).toHaveLength(0);
      expect(getToken()).toBe('my-token');
      expect(sessionStorage.getItem('login_code:FOREIGN')).toBe('FOREIGN');
    });

    it('切换账号 exchanges the code and replaces the session', async () => {
      setToken('my-token');
      window.history.replaceState(null, '', '/member?login_code=MINE&action=login');
      const replace = stubLocationReplace();
      const { called } = mockApi({
        'GET /api/v2/other/config': () => ok(testConfig()),
        'GET /api/v2/member/detail': () => ok(testMember()),
        'POST /api/v3/auth/login/code': () => ok({ success: 1, token: 'new-token' }),
      });
      renderApp('/member?login_code=MINE&action=login');
      await screen.findByRole('dialog', { name: '切换登录账号？' });
      expect(called('POST /api/v3/auth/login/code')).toHaveLength(0);
      fireEvent.click(screen.getByRole('button', { name: '切换账号' }));
      await waitFor(() => expect(replace).toHaveBeenCalledWith('http://localhost:3000/member'));
      expect(getToken()).toBe('new-token');
    });

    it('a stored token the server no longer accepts is no session: the code is exchanged at once', async () => {
      setToken('expired-token');
      window.history.replaceState(null, '', '/member?login_code=AFTER401&action=login');
      const replace = stubLocationReplace();
      mockApi({
        'GET /api/v2/other/config': () => ok(testConfig()),
        'GET /api/v2/member/detail': () => new Response('', { status: 401 }),
        'POST /api/v3/auth/login/code': () => ok({ success: 1, token: 'new-token' }),
      });
      renderApp('/member?login_code=AFTER401&action=login');
      await waitFor(() => expect(replace).toHaveBeenCalledWith('http://localhost:3000/member'));
      expect(getToken()).toBe('new-token');
      expect(screen.queryByRole('dialog')).toBeNull();
    });
  });
});
