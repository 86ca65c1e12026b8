import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { mockApi, ok, testConfig, testMember } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';

beforeEach(() => setToken('t'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/member/mobile', () => {
  it('binds a mobile with the member token, refreshes the member and returns to the profile', async () => {
    let bound = false;
    const { called } = mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () =>
        ok(
          bound
            ? testMember({ mobile: '13900000009' })
            : testMember({ is_bind_mobile: 0, mobile: '234567890' }),
        ),
      'GET /api/v2/captcha/image': () => ok({ key: 'k', img: 'data:image/png;base64,1' }),
      'POST /api/v2/captcha/sms': () => ok([]),
      'POST /api/v2/member/detail/mobile': () => {
        bound = true;
        return ok([]);
      },
    });
    const { router } = renderApp('/member/mobile');
    expect(await screen.findByRole('heading', { name: '绑定手机号' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('绑定手机号'));
    fireEvent.change(screen.getByPlaceholderText('请输入您的手机号'), { target: { value: '13900000009' } });
    fireEvent.click(screen.getByRole('button', { name: '获取短信验证码' }));
    await screen.findByRole('img', { name: '图形验证码' });
    fireEvent.change(screen.getByPlaceholderText('请输入图中字符'), { target: { value: 'abcd' } });
    fireEvent.click(screen.getByRole('button', { name: '确认' }));
    fireEvent.change(await screen.findByPlaceholderText('请输入短信验证码'), { target: { value: '135790' } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByRole('button', { name: '绑定' }));
    expect(await screen.findByText('成功')).toBeInTheDocument();
    expect(called('POST /api/v2/captcha/sms')[0].body.scene).toBe('mobile_bind');
    const bind = called('POST /api/v2/member/detail/mobile')[0];
    expect(bind.body).toEqual({ mobile: '13900000009', mobile_code: '135790' });
    expect(bind.headers.Authorization).toBe('Bearer t');
    await vi.waitFor(() => expect(useAppStore.getState().user?.mobile).toBe('13900000009'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600);
    });
    expect(router.state.location.pathname).toBe('/member/profile');
  });
});
