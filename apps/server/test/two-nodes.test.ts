import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, usingPostgres, type TestApp } from './test-app';

/**
 * Two API nodes sharing one PostgreSQL database and one Redis must behave as one: each node
 * here has its own connection pool, Redis connection and in-process caches.
 */
describe.runIf(usingPostgres)('two API nodes on shared PostgreSQL + Redis', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    nodeA = await createTestApp();
    nodeB = await createTestApp({ shareWith: nodeA });
  });
  afterAll(async () => {
    await nodeB.close();
    await nodeA.close();
  });

  it('accepts on node B a captcha issued by node A, and only once', async () => {
    const { data } = await nodeA.request<{ key: string }>({ method: 'GET', url: '/api/v2/captcha/image' });
    const payload = {
      mobile: '13300000001',
      image_key: data.key,
      image_captcha: TEST_CAPTCHA,
      scene: 'login',
    };
    expect((await nodeB.request({ method: 'POST', url: '/api/v2/captcha/sms', payload })).code).toBe(0);
    expect(
      await nodeA.request({
        method: 'POST',
        url: '/api/v2/captcha/sms',
        payload: { ...payload, mobile: '13300000002' },
      }),
    ).toMatchObject({
      code: 1,
      message: '图形验证码错误',
    });
  });

  it('logs in on node A with a code sent by node B; the token works on B; logout on B stops it on A', async () => {
    const code = await nodeB.sendSms('13300000003');
    const login = await nodeA.request<{ token: string }>({
      method: 'POST',
      url: '/api/v2/login/mobile',
      payload: { mobile: '13300000003', mobile_code: code },
    });
    expect(login.code).toBe(0);
    const token = login.data.token;
    expect(
      (await nodeB.request<{ mobile: string }>({ method: 'GET', url: '/api/v2/member/detail', token })).data
        .mobile,
    ).toBe('13300000003');
    expect((await nodeB.request({ method: 'POST', url: '/api/v2/logout', token })).code).toBe(0);
    expect(await nodeA.request({ method: 'GET', url: '/api/v2/member/detail', token })).toMatchObject({
      code: 401,
    });
  });

  it('shares the SMS resend limit and the wrong-code counter', async () => {
    await nodeA.sendSms('13300000004');
    const { data } = await nodeB.request<{ key: string }>({ method: 'GET', url: '/api/v2/captcha/image' });
    const again = await nodeB.request({
      method: 'POST',
      url: '/api/v2/captcha/sms',
      payload: { mobile: '13300000004', image_key: data.key, image_captcha: TEST_CAPTCHA, scene: 'login' },
    });
    expect(again.message).toBe('短信发送过于频繁，请稍后再试');
    const code = nodeA.lastSmsCode('13300000004');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i += 1) {
      const node = i % 2 === 0 ? nodeA : nodeB;
      await node.request({
        method: 'POST',
        url: '/api/v2/login/mobile',
        payload: { mobile: '13300000004', mobile_code: wrong },
      });
    }
    expect(
      (
        await nodeB.request({
          method: 'POST',
          url: '/api/v2/login/mobile',
          payload: { mobile: '13300000004', mobile_code: code },
        })
      ).message,
    ).toBe('短信验证码错误');
  });

  it('sees a setting changed through node A on node B within a second', async () => {
    await nodeA.services.settings.set('socialites.qq', '1');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const config = await nodeB.request<{ socialites: { qq: number } }>({
      method: 'GET',
      url: '/api/v2/other/config',
    });
    expect(config.data.socialites.qq).toBe(1);
  });
});
