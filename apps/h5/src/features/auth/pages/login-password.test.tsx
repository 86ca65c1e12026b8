import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/shared/storage/storage';
import { fail, mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('password login', () => {
  it('validates, shows server errors and lands on the redirect', async () => {
    let attempt = 0;
    const { called } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'POST /api/v2/login/password': () =>
        ++attempt === 1 ? fail('手机号或密码错误') : ok({ token: 'pw-token' }),
      'GET /api/v2/member/detail': () => ok(testMember()),
    });
    const { router } = renderApp('/login-password?redirect=%2Fmember');
    expect(await screen.findByRole('heading', { name: '登录' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('密码登录'));

    fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value: '1380000' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
    expect(called('POST /api/v2/login/password')).toHaveLength(0);

    fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('手机号或密码错误')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '登录' })).toBeEnabled());

    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(getToken()).toBe('pw-token');
    expect(called('POST /api/v2/login/password')[1].body).toEqual({ mobile: '13800000000', password: 'x' });
  });

  it('登录 with an empty field says what is missing', async () => {
    const { called } = mockApi({ 'GET /api/v2/other/config': () => ok(testConfig()) });
    renderApp('/login-password');
    fireEvent.click(await screen.findByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value: '13800000000' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(called('POST /api/v2/login/password')).toHaveLength(0);
  });

  it('asks for an image captcha when the server wants one, and retries with a fresh image after a wrong answer', async () => {
    const answers = [fail('请输入图形验证码'), fail('图形验证码错误'), ok({ token: 'captcha-token' })];
    let image = 0;
    const { called } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/captcha/image': () => ok({ key: `key-${++image}`, img: `data:image/png;base64,${image}` }),
      'POST /api/v2/login/password': () => answers.shift()!,
      'GET /api/v2/member/detail': () => ok(testMember()),
    });
    const { router } = renderApp('/login-password?redirect=%2Fmember');
    fireEvent.change(await screen.findByPlaceholderText('请输入手机号码'), {
      target: { value: '13800000000' },
    });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    fireEvent.change(await screen.findByPlaceholderText('请输入图中字符'), { target: { value: 'wrong' } });
    await waitFor(() => expect(called('GET /api/v2/captcha/image')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('图形验证码错误')).toBeInTheDocument();
    await waitFor(() => expect(called('GET /api/v2/captcha/image')).toHaveLength(2));

    fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'ab12' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(getToken()).toBe('captcha-token');
    expect(called('POST /api/v2/login/password').map((call) => call.body)).toEqual([
      { mobile: '13800000000', password: 'secret1' },
      { mobile: '13800000000', password: 'secret1', image_key: 'key-1', image_captcha: 'wrong' },
      { mobile: '13800000000', password: 'secret1', image_key: 'key-2', image_captcha: 'ab12' },
    ]);
  });
});
