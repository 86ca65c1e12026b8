import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, testConfig, type Handler } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
});

function api(overrides: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig()),
    'GET /api/v2/captcha/image': () => ok({ key: 'k1', img: 'data:image/png;base64,1' }),
    'POST /api/v2/captcha/sms': () => ok([]),
    'POST /api/v2/password/reset': () => ok([]),
    ...overrides,
  });
}

async function toSmsStep(mobile: string, password: string) {
  fireEvent.change(await screen.findByPlaceholderText('请输入手机号码'), { target: { value: mobile } });
  fireEvent.change(screen.getByPlaceholderText('请输入新密码（6-16位）'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
  await screen.findByRole('img', { name: '图形验证码' });
  fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'abcd' } });
  fireEvent.click(screen.getByRole('button', { name: '确认' }));
  expect(await screen.findByText(`验证码已发送至${mobile}`)).toBeInTheDocument();
}

describe('忘记密码', () => {
  it('密码登录 offers 忘记密码, carrying the typed mobile and the redirect', async () => {
    api();
    const { router } = renderApp('/login-password?redirect=%2Fstudy');
    fireEvent.change(await screen.findByPlaceholderText('请输入手机号码'), {
      target: { value: '13800000000' },
    });
    fireEvent.click(screen.getByRole('link', { name: '忘记密码' }));
    expect(await screen.findByRole('heading', { name: '找回密码', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/password-reset');
    expect(screen.getByPlaceholderText('请输入手机号码')).toHaveValue('13800000000');
    await waitFor(() => expect(document.title).toBe('找回密码'));
  });

  it('the mobile is kept on the way back to 密码登录: going back, and after a reset with a corrected number', async () => {
    api();
    const { router } = renderApp('/login-password');
    fireEvent.change(await screen.findByPlaceholderText('请输入手机号码'), {
      target: { value: '13800000000' },
    });
    fireEvent.click(screen.getByRole('link', { name: '忘记密码' }));
    await screen.findByRole('heading', { name: '找回密码', level: 1 });
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: '登录', level: 1 })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入手机号码')).toHaveValue('13800000000');

    fireEvent.click(screen.getByRole('link', { name: '忘记密码' }));
    await screen.findByRole('heading', { name: '找回密码', level: 1 });
    await toSmsStep('13900000000', 'newpass123');
    fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByRole('heading', { name: '登录', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login-password');
    expect(screen.getByPlaceholderText('请输入手机号码')).toHaveValue('13900000000');
  });

  it('checks the mobile and the password before any SMS is sent', async () => {
    const { called } = api();
    renderApp('/password-reset');
    fireEvent.click(await screen.findByRole('button', { name: '获取短信验证码' }));
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value: '1380000' } });
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByPlaceholderText('请输入新密码（6-16位）'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    expect(await screen.findByText('密码长度不能少于6个字符')).toBeInTheDocument();
    expect(called('POST /api/v2/captcha/sms')).toHaveLength(0);
  });

  it('captcha → SMS (password_reset) → POST /api/v2/password/reset → back to 密码登录', async () => {
    const { called } = api();
    const { router } = renderApp('/password-reset?mobile=13800000000');
    await toSmsStep('13800000000', 'newpass123');
    expect(called('POST /api/v2/captcha/sms')[0].body).toEqual({
      mobile: '13800000000',
      image_key: 'k1',
      image_captcha: 'abcd',
      scene: 'password_reset',
    });
    fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码已重置，请使用新密码登录')).toBeInTheDocument();
    expect(called('POST /api/v2/password/reset')[0].body).toEqual({
      mobile: '13800000000',
      mobile_code: '246810',
      password: 'newpass123',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-password'));
    expect(router.state.location.search).toBe('?mobile=13800000000');
    expect(await screen.findByPlaceholderText('请输入手机号码')).toHaveValue('13800000000');
  });

  it('a wrong code keeps the code step open with the server message', async () => {
    api({ 'POST /api/v2/password/reset': () => fail('短信验证码错误') });
    const { router } = renderApp('/password-reset');
    await toSmsStep('13800000000', 'newpass123');
    fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('短信验证码错误')).toBeInTheDocument();
    expect(screen.getByText('输入短信验证码')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/password-reset');
  });
});
