import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '@/shared/storage/storage';
import { mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function bindThroughForm(mobile: string) {
  await screen.findByRole('heading', { name: '绑定手机号' });
  fireEvent.change(screen.getByPlaceholderText('请输入您的手机号'), { target: { value: mobile } });
  fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
  await screen.findByRole('img', { name: '图形验证码' });
  fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'abcd' } });
  fireEvent.click(screen.getByRole('button', { name: '确认' }));
  await screen.findByText('输入短信验证码');
  fireEvent.change(screen.getByPlaceholderText('请输入短信验证码'), { target: { value: '654321' } });
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fireEvent.click(screen.getByRole('button', { name: '绑定' }));
}

describe('bind mobile pages', () => {
  it('/bind-mobile sends the parked token in the body, promotes it and goes home after 500 ms', async () => {
    localStorage.setItem('meedu-h5-tmp-token', 'tmp-1');
    const { called } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/captcha/image': () => ok({ key: 'k', img: 'data:image/png;base64,1' }),
      'POST /api/v2/captcha/sms': () => ok([]),
      'POST /api/v2/member/detail/mobile': () => ok([]),
      'GET /api/v2/member/detail': () => ok(testMember()),
    });
    const { router } = renderApp('/bind-mobile');
    await bindThroughForm('13900000001');
    expect(await screen.findByText('成功')).toBeInTheDocument();
    const sms = called('POST /api/v2/captcha/sms')[0];
    expect(sms.body.scene).toBe('mobile_bind');
    const bind = called('POST /api/v2/member/detail/mobile')[0];
    expect(bind.body).toEqual({ mobile: '13900000001', mobile_code: '654321', token: 'tmp-1' });
    expect(bind.headers.Authorization).toBeUndefined();
    await waitFor(() => expect(getToken()).toBe('tmp-1'));
    expect(localStorage.getItem('meedu-h5-tmp-token')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it('/code-bind-mobile registers with the stored login code and stores the new token', async () => {
    localStorage.setItem('login_code', 'LC');
    const { called } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/captcha/image': () => ok({ key: 'k', img: 'data:image/png;base64,1' }),
      'POST /api/v2/captcha/sms': () => ok([]),
      'POST /api/v3/auth/register/withSocialite': () => ok({ token: 'social-new' }),
      'GET /api/v2/member/detail': () => ok(testMember()),
    });
    renderApp('/code-bind-mobile');
    await bindThroughForm('13900000002');
    await waitFor(() => expect(getToken()).toBe('social-new'));
    expect(called('POST /api/v3/auth/register/withSocialite')[0].body).toEqual({
      mobile: '13900000002',
      mobile_code: '654321',
      code: 'LC',
    });
    expect(localStorage.getItem('login_code')).toBeNull();
  });
});
