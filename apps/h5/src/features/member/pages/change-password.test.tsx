import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { fail, mockApi, ok, testConfig, testMember, type Handler } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { passwordProblem } from './change-password';

beforeEach(() => setToken('t'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function api(handlers: Record<string, Handler> = {}, member = testMember({ mobile: '13812345678' })) {
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig()),
    'GET /api/v2/member/detail': () => ok(member),
    'GET /api/v2/captcha/image': () => ok({ key: 'k1', img: 'data:image/png;base64,1' }),
    'POST /api/v2/captcha/sms': () => ok([]),
    ...handlers,
  });
}

describe('passwordProblem', () => {
  it('requires 6 to 16 characters', () => {
    expect(passwordProblem('')).toBe('请输入密码');
    expect(passwordProblem('12345')).toBe('密码长度不能少于6个字符');
    expect(passwordProblem('x'.repeat(17))).toBe('密码长度不能多于16个字符');
    expect(passwordProblem('123456')).toBeNull();
  });
});

describe('/member/password', () => {
  it('checks the password before any SMS is sent', async () => {
    const { called } = api();
    renderApp('/member/password');
    expect(await screen.findByRole('heading', { name: '重置密码' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('重置密码'));
    expect(screen.getByText('13812345678')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    expect(await screen.findByText('密码长度不能少于6个字符')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(called('POST /api/v2/captcha/sms')).toHaveLength(0);
  });

  it('a member without a mobile is told to bind one', async () => {
    api({}, testMember({ is_bind_mobile: 0, mobile: '234567890' }));
    renderApp('/member/password');
    fireEvent.change(await screen.findByPlaceholderText('请输入新密码'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    expect(await screen.findByText('请绑定手机号')).toBeInTheDocument();
  });

  it('captcha → SMS (password_reset) → new password saved, then back to the profile after 500 ms', async () => {
    const { called } = api({ 'POST /api/v2/member/detail/password': () => ok([]) });
    const { router } = renderApp('/member/password');
    fireEvent.change(await screen.findByPlaceholderText('请输入新密码'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    await screen.findByRole('img', { name: '图形验证码' });
    fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(await screen.findByText('验证码已发送至13812345678')).toBeInTheDocument();
    expect(called('POST /api/v2/captcha/sms')[0].body).toEqual({
      mobile: '13812345678',
      image_key: 'k1',
      image_captcha: 'abcd',
      scene: 'password_reset',
    });

    fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '246810' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('成功')).toBeInTheDocument();
    expect(called('POST /api/v2/member/detail/password')[0].body).toEqual({
      mobile: '13812345678',
      mobile_code: '246810',
      password: 'secret12',
    });
    expect(router.state.location.pathname).toBe('/member/password');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(router.state.location.pathname).toBe('/member/profile');
  });

  it('a wrong SMS code keeps the code step open', async () => {
    api({ 'POST /api/v2/member/detail/password': () => fail('短信验证码错误') });
    const { router } = renderApp('/member/password');
    fireEvent.change(await screen.findByPlaceholderText('请输入新密码'), { target: { value: 'secret12' } });
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    await screen.findByRole('img', { name: '图形验证码' });
    fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    fireEvent.change(await screen.findByPlaceholderText('请输入短信验证码'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('短信验证码错误')).toBeInTheDocument();
    expect(screen.getByText('输入短信验证码')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/member/password');
  });
});
