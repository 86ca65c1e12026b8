import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { seedDemoSocialLogin } from './demo-seed';

/** The demo path: SOCIAL_DRIVER=dev, no vendor anywhere, every step on this server. */
describe('social login with the development provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SOCIAL_DRIVER: 'dev' } });
    await seedDemoSocialLogin(t.services);
  });
  afterAll(() => t.close());

  it('is switched on by the demo seed, so the h5 shows the QQ / WeChat icons', async () => {
    const config = await t.request<{ socialites: Record<string, number> }>({
      method: 'GET',
      url: '/api/v2/other/config',
    });
    expect(config.data.socialites).toMatchObject({ qq: 1, wechat_oauth: 1 });
  });

  let cookie = '';
  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    if (res.headers['set-cookie']) cookie = String(res.headers['set-cookie']).split(';')[0];
    return res;
  };
  const local = (absolute: string) => {
    const url = new URL(absolute);
    expect(url.origin).toBe('http://api.test');
    return url.pathname + url.search;
  };

  for (const [app, start, title] of [
    ['qq', '/api/v3/auth/login/socialite/qq', '模拟QQ登录'],
    ['wechat', '/api/v3/auth/login/wechat/oauth', '模拟微信授权'],
  ] as const) {
    it(`completes ${app} login through the ${title} page`, async () => {
      const s_url = 'http://api.test/member';
      const started = await get(
        `${start}?${new URLSearchParams({ s_url, f_url: 'http://api.test/login-error', action: 'login' })}`,
      );
      expect(started.statusCode).toBe(302);
      const page = await get(local(started.headers.location as string));
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(title);
      expect(page.body).toContain('同意授权');
      expect(page.body).toContain('name="openid"');

      const form = new URL(started.headers.location as string).searchParams;
      const approve = await get(
        `/api/v3/dev/oauth/${app}/approve?${new URLSearchParams({
          redirect_uri: form.get('redirect_uri')!,
          state: form.get('state')!,
          openid: `demo-${app}`,
          nickname: '演示用户',
        })}`,
      );
      expect(approve.statusCode).toBe(302);
      const finished = await get(local(approve.headers.location as string));
      const landed = new URL(finished.headers.location as string);
      expect(landed.origin + landed.pathname).toBe(s_url);
      const exchanged = await t.request<{ success: number; token: string }>({
        method: 'POST',
        url: '/api/v3/auth/login/code',
        payload: { code: landed.searchParams.get('login_code') },
      });
      expect(exchanged.data.success).toBe(1);
    });
  }

  it('refuses a consent page or approval that would send the code elsewhere', async () => {
    for (const path of ['authorize', 'approve']) {
      const res = await get(
        `/api/v3/dev/oauth/qq/${path}?${new URLSearchParams({ redirect_uri: 'https://evil.example/api/v3/auth/login/x', state: 's', openid: 'o' })}`,
      );
      expect(res.json()).toEqual({ code: 1, message: '参数错误', data: [] });
    }
  });
});
