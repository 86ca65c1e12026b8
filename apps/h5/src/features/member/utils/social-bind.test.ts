import { describe, expect, it } from 'vitest';
import { testConfig } from '@/test/mock-api';
import { socialBindUrl } from './social-bind';

describe('socialBindUrl', () => {
  it('starts a QQ bind that returns to the profile, carrying the bind ticket and no token', () => {
    const url = new URL(
      socialBindUrl('qq', testConfig({ url: 'https://api.example.com' }), 'T1', 'https://h5.example.com'),
    );
    expect(url.origin + url.pathname).toBe('https://api.example.com/api/v3/auth/login/socialite/qq');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      s_url: 'https://h5.example.com/member/profile',
      f_url: 'https://h5.example.com/member/profile',
      action: 'bind',
      ticket: 'T1',
    });
  });

  it('uses the WeChat OAuth start and falls back to the page host without config.url', () => {
    const url = socialBindUrl('wechat', testConfig({ url: '' }), 't', 'https://h5.example.com');
    expect(url.startsWith('https://h5.example.com/api/v3/auth/login/wechat/oauth?')).toBe(true);
  });
});
