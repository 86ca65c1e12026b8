import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/mock-api';
import { SocialLogin, socialLoginUrl } from './social-login';

const WECHAT = 'Mozilla/5.0 (iPhone) MicroMessenger/8.0';
const SAFARI = 'Mozilla/5.0 (iPhone) Safari';

afterEach(() => vi.restoreAllMocks());

describe('social login', () => {
  it('builds the QQ and WeChat addresses with s_url, f_url and action=login', () => {
    const config = testConfig({ url: 'https://api.example.com' });
    expect(socialLoginUrl('qq', config, '/vod/detail?id=1', 'https://h5.example.com')).toBe(
      'https://api.example.com/api/v3/auth/login/socialite/qq?s_url=https%3A%2F%2Fh5.example.com%2Fvod%2Fdetail%3Fid%3D1&f_url=https%3A%2F%2Fh5.example.com%2Flogin-error&action=login',
    );
    expect(socialLoginUrl('wechat', config, '/login', 'https://h5.example.com')).toBe(
      'https://api.example.com/api/v3/auth/login/wechat/oauth?s_url=https%3A%2F%2Fh5.example.com%2Fmember&f_url=https%3A%2F%2Fh5.example.com%2Flogin-error&action=login',
    );
  });

  it('shows QQ outside WeChat and WeChat inside it, each only when switched on', () => {
    const both = testConfig({ socialites: { qq: 1, wechat_oauth: 1, wechat_scan: 0 } });
    const { rerender } = render(<SocialLogin config={both} redirect="" agreed userAgent={SAFARI} />);
    expect(screen.getByRole('button', { name: 'QQ登录' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '微信登录' })).toBeNull();
    rerender(<SocialLogin config={both} redirect="" agreed userAgent={WECHAT} />);
    expect(screen.getByRole('button', { name: '微信登录' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'QQ登录' })).toBeNull();
    rerender(<SocialLogin config={testConfig()} redirect="" agreed userAgent={SAFARI} />);
    expect(screen.queryByRole('button', { name: 'QQ登录' })).toBeNull();
  });

  it('asks for the agreement first with 请先同意协议', async () => {
    const config = testConfig({ socialites: { qq: 1, wechat_oauth: 0, wechat_scan: 0 } });
    render(<SocialLogin config={config} redirect="" agreed={false} userAgent={SAFARI} />);
    fireEvent.click(screen.getByRole('button', { name: 'QQ登录' }));
    expect(await screen.findByText('请先同意协议')).toBeInTheDocument();
  });
});
