import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/shared/storage/storage';
import { mockApi, ok, testConfig } from '@/test/mock-api';
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
});
