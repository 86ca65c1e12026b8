import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { fail, mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function api(overrides: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /api/v2/other/config': () =>
      ok(
        testConfig({
          user_protocol: 'http://api.test/user/protocol',
          user_private_protocol: 'http://api.test/p',
        }),
      ),
    'GET /api/v2/captcha/image': (() => {
      let n = 0;
      return () => ok({ key: `key-${++n}`, img: `data:image/png;base64,${n}` });
    })(),
    'POST /api/v2/captcha/sms': () => ok([]),
    'POST /api/v2/login/mobile': () => ok({ token: 'new-token' }),
    'GET /api/v2/member/detail': () => ok(testMember()),
    ...overrides,
  });
}

const typeMobile = (value: string) =>
  fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value } });

async function openCaptcha(mobile = '13800000001') {
  typeMobile(mobile);
  fireEvent.click(screen.getByRole('checkbox', { name: /^勾选同意\s*《用户协议》\s*和\s*《隐私协议》$/ }));
  fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
  await screen.findByRole('img', { name: '图形验证码' });
}

async function passCaptcha() {
  fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'abcd' } });
  fireEvent.click(screen.getByRole('button', { name: '确认' }));
  await screen.findByText('输入短信验证码');
}

describe('login page', () => {
  it('shows the title, heading, password link with the redirect and the agreement links', async () => {
    api();
    renderApp('/login?redirect=%2Fstudy%3Ftab%3Dcourse');
    expect(await screen.findByRole('heading', { name: '登录/注册' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('快捷登录/注册'));
    expect(screen.getByRole('link', { name: '使用密码登录' })).toHaveAttribute(
      'href',
      '/login-password?redirect=%2Fstudy%3Ftab%3Dcourse',
    );
    expect(screen.getByRole('link', { name: '《用户协议》' })).toHaveAttribute(
      'href',
      'http://api.test/user/protocol',
    );
    expect(screen.getByRole('link', { name: '《隐私协议》' })).toHaveAttribute('href', 'http://api.test/p');
  });

  it('does nothing with an empty mobile, toasts 请输入正确的手机号 for a bad one and 请同意协议 without the agreement', async () => {
    const { calls } = api();
    renderApp('/login');
    await screen.findByRole('heading', { name: '登录/注册' });

    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    expect(screen.queryByRole('img', { name: '图形验证码' })).toBeNull();

    typeMobile('12800000000');
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();

    typeMobile('13800000001');
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    expect(await screen.findByText('请同意协议')).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'GET /api/v2/captcha/image')).toBe(false);
  });

  it('captcha dialog: confirm is inactive until text is typed, the image refreshes on tap, 取消 closes', async () => {
    const { called } = api();
    renderApp('/login');
    await screen.findByRole('heading', { name: '登录/注册' });
    await openCaptcha();

    const confirm = screen.getByRole('button', { name: '确认' });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'ab' } });
    expect(confirm).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: '刷新验证码' }));
    await waitFor(() => expect(called('GET /api/v2/captcha/image')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '图形验证码' })).toHaveAttribute(
        'src',
        'data:image/png;base64,2',
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByPlaceholderText('请输入图中字符')).toBeNull());
  });

  it('captcha dialog: confirm waits for the image, and one tap sends one SMS', async () => {
    let sendImage: () => void = () => undefined;
    let finishSms: () => void = () => undefined;
    const { called } = api({
      'GET /api/v2/captcha/image': () =>
        new Promise((resolve) => {
          sendImage = () => resolve(ok({ key: 'slow-key', img: 'data:image/png;base64,1' }));
        }),
      'POST /api/v2/captcha/sms': () =>
        new Promise((resolve) => {
          finishSms = () => resolve(ok([]));
        }),
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: '登录/注册' });
    typeMobile('13800000001');
    fireEvent.click(screen.getByRole('checkbox', { name: /^勾选同意\s*《用户协议》\s*和\s*《隐私协议》$/ }));
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    fireEvent.change(await screen.findByPlaceholderText('请输入图中字符'), { target: { value: 'abcd' } });
    const confirm = screen.getByRole('button', { name: '确认' });
    expect(confirm).toBeDisabled();

    act(() => sendImage());
    await screen.findByRole('img', { name: '图形验证码' });
    await waitFor(() => expect(confirm).toBeEnabled());
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    fireEvent.click(confirm);
    act(() => finishSms());
    await screen.findByText('输入短信验证码');
    expect(called('POST /api/v2/captcha/sms')).toHaveLength(1);
    expect(called('POST /api/v2/captcha/sms')[0].body).toMatchObject({
      image_key: 'slow-key',
      image_captcha: 'abcd',
    });
  });

  it('a failed SMS send shows the server message and refreshes and clears the captcha', async () => {
    const { called } = api({ 'POST /api/v2/captcha/sms': () => fail('图形验证码错误') });
    renderApp('/login');
    await screen.findByRole('heading', { name: '登录/注册' });
    await openCaptcha();
    fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'zzzz' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));

    expect(await screen.findByText('图形验证码错误')).toBeInTheDocument();
    await waitFor(() => expect(called('GET /api/v2/captcha/image')).toHaveLength(2));
    expect(screen.getByPlaceholderText('请输入图中字符')).toHaveValue('');
    expect(screen.queryByText('输入短信验证码')).toBeNull();
    expect(called('POST /api/v2/captcha/sms')[0].body).toEqual({
      mobile: '13800000001',
      image_key: 'key-1',
      image_captcha: 'zzzz',
      scene: 'login',
    });
  });

  it('SMS step: 120 s countdown, then 重新发送; resend is blocked while counting', async () => {
    const { called } = api();
    renderApp('/login');
    await screen.findByRole('heading', { name: '登录/注册' });
    await openCaptcha('13800000002');
    vi.useFakeTimers({ shouldAdvanceTime: false });
    await act(async () => {
      await passCaptchaFake();
    });
    expect(screen.getByText('验证码已发送至13800000002')).toBeInTheDocument();
    expect(screen.getByText('120s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新发送' })).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(119_000);
    });
    expect(screen.getByText('1s')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重新发送' })).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: '重新发送' }));
    await screen.findByRole('img', { name: '图形验证码' });
    await passCaptcha();
    expect(await screen.findByText('120s')).toBeInTheDocument();
    expect(called('POST /api/v2/captcha/sms')).toHaveLength(2);
  });

  it('an empty code toasts 请输入短信验证码', async () => {
    const { called } = api();
    renderApp('/login');
    await screen.findByRole('heading', { name: '登录/注册' });
    await openCaptcha();
    await passCaptcha();
    fireEvent.click(screen.getByRole('button', { name: '登录/注册' }));
    expect(await screen.findByText('请输入短信验证码')).toBeInTheDocument();
    expect(called('POST /api/v2/login/mobile')).toHaveLength(0);
  });

  it('a login stores the token, reloads config and member, and leaves for the redirect after 500 ms', async () => {
    const { called } = api();
    const { router } = renderApp('/login?redirect=%2Fmember');
    await screen.findByRole('heading', { name: '登录/注册' });
    await openCaptcha('13800000003');
    await passCaptcha();
    fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '123456' } });

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: '登录/注册' }));
    await waitFor(() => expect(useAppStore.getState().isLogin).toBe(true));
    expect(getToken()).toBe('new-token');
    expect(called('POST /api/v2/login/mobile')[0].body).toEqual({
      mobile: '13800000003',
      mobile_code: '123456',
      msv: '',
    });
    expect(called('GET /api/v2/other/config')).toHaveLength(2);
    expect(called('GET /api/v2/member/detail')[0].headers.Authorization).toBe('Bearer new-token');

    expect(router.state.location.pathname).toBe('/login');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(router.state.location.pathname).toBe('/login');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150);
    });
    expect(router.state.location.pathname).toBe('/member');
  });

  it('a wrong SMS code keeps the step open for another try', async () => {
    api({ 'POST /api/v2/login/mobile': () => fail('短信验证码错误') });
    renderApp('/login');
    await screen.findByRole('heading', { name: '登录/注册' });
    await openCaptcha();
    await passCaptcha();
    fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '登录/注册' }));
    expect(await screen.findByText('短信验证码错误')).toBeInTheDocument();
    expect(screen.getByText('输入短信验证码')).toBeInTheDocument();
    expect(getToken()).toBe('');
  });
});

async function passCaptchaFake() {
  fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'abcd' } });
  fireEvent.click(screen.getByRole('button', { name: '确认' }));
  for (let i = 0; i < 20 && !screen.queryByText('输入短信验证码'); i++) {
    await vi.advanceTimersByTimeAsync(10);
  }
}
