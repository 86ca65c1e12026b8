import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { fail, mockApi, ok, testConfig, testMember, type Handler } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

beforeEach(() => setToken('t'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function api(handlers: Record<string, Handler> = {}) {
  let captcha = 0;
  return mockApi({
    'GET /api/v2/other/config': () => ok(testConfig()),
    'GET /api/v2/member/detail': () => ok(testMember({ mobile: '13812345678' })),
    'GET /api/v2/captcha/image': () => {
      captcha += 1;
      return ok({ key: `k${captcha}`, img: `data:image/png;base64,${captcha}` });
    },
    'POST /api/v2/captcha/sms': () => ok([]),
    'POST /api/v2/member/verify': () => ok({ sign: 'SIGN-1' }),
    ...handlers,
  });
}

async function proveOldMobile() {
  expect(await screen.findByRole('heading', { name: '验证原手机号' })).toBeInTheDocument();
  expect(screen.getByText('13812345678')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
  await screen.findByRole('img', { name: '图形验证码' });
  fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'abcd' } });
  fireEvent.click(screen.getByRole('button', { name: '确认' }));
  fireEvent.change(await screen.findByPlaceholderText('请输入短信验证码'), { target: { value: '111111' } });
  fireEvent.click(screen.getByRole('button', { name: '绑定' }));
  expect(await screen.findByRole('heading', { name: '换绑手机号' })).toBeInTheDocument();
}

describe('/member/mobileVerify', () => {
  it('proves the old mobile, then binds the new one with the ticket and returns', async () => {
    const { called } = api({ 'PUT /api/v2/member/mobile': () => ok([]) });
    const { router } = renderApp('/member/mobileVerify');
    await proveOldMobile();
    await vi.waitFor(() => expect(document.title).toBe('验证原手机号'));
    expect(called('POST /api/v2/captcha/sms')[0].body).toMatchObject({
      mobile: '13812345678',
      scene: 'mobile_bind',
    });
    expect(called('POST /api/v2/member/verify')[0].body).toEqual({
      mobile: '13812345678',
      mobile_code: '111111',
    });

    fireEvent.change(screen.getByPlaceholderText('请输入新的手机号码'), { target: { value: '13900001111' } });
    expect(await screen.findByRole('img', { name: '图形验证码' })).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入图形验证码'), { target: { value: 'wxyz' } });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '120s' })).toBeDisabled();
    const sms = called('POST /api/v2/captcha/sms')[1].body;
    expect(sms).toMatchObject({ mobile: '13900001111', image_captcha: 'wxyz', scene: 'mobile_bind' });
    expect(String(sms.image_key)).toMatch(/^k\d+$/);

    fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '222222' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: '立即绑定' }));
    await vi.waitFor(() => expect(called('PUT /api/v2/member/mobile')).toHaveLength(1));
    expect(screen.getAllByText('成功').length).toBeGreaterThan(0);
    expect(called('PUT /api/v2/member/mobile')[0].body).toEqual({
      mobile: '13900001111',
      mobile_code: '222222',
      sign: 'SIGN-1',
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(router.state.location.pathname).toBe('/member/profile');
  });

  it('the new-mobile form validates before sending and refreshes the captcha when sending fails', async () => {
    const { called } = api({
      'POST /api/v2/captcha/sms': ({ body }) =>
        body.mobile === '13812345678' ? ok([]) : fail('图形验证码错误'),
    });
    renderApp('/member/mobileVerify');
    await proveOldMobile();
    const send = screen.getByRole('button', { name: '获取验证码' });
    fireEvent.click(send);
    expect(await screen.findByText('请输入新手机号')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入新的手机号码'), { target: { value: '12345' } });
    fireEvent.click(send);
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入新的手机号码'), { target: { value: '13900002222' } });
    fireEvent.click(send);
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    expect(called('POST /api/v2/captcha/sms')).toHaveLength(1);

    const image = await screen.findByRole('img', { name: '图形验证码' });
    const before = image.getAttribute('src');
    fireEvent.change(screen.getByPlaceholderText('请输入图形验证码'), { target: { value: 'bad' } });
    fireEvent.click(send);
    expect(await screen.findByText('图形验证码错误')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.getByRole('img', { name: '图形验证码' }).getAttribute('src')).not.toBe(before),
    );
    expect(screen.getByPlaceholderText('请输入图形验证码')).toHaveValue('');
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();

    // Without all three fields the bind button does nothing.
    fireEvent.click(screen.getByRole('button', { name: '立即绑定' }));
    expect(called('PUT /api/v2/member/mobile')).toHaveLength(0);
  });
});
