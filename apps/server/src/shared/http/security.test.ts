import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../../test/test-app';
import { parseTrustProxy } from '../../config/env';
import { redactUrl } from './logging';

/** Issue #18: the findings of the security review, one block each. */

describe('rate limits key on the route, not on the spelling of the URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(() => t.close());

  it('counts a percent-encoded /%61pi/… path against the global limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/%61pi/v2/other/config',
        remoteAddress: '10.1.0.1',
      });
      codes.push(res.json().code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 429]);
  });
});

describe('route limits (SMS, captcha) cannot be dodged by encoding the path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  });
  afterAll(() => t.close());

  it('limits /%61pi/v2/captcha/image like /api/v2/captcha/image', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      const url = i % 2 ? '/%61pi/v2/captcha/image' : '/api/v2/%63aptcha/image';
      last = (await t.app.inject({ method: 'GET', url, remoteAddress: '10.1.0.2' })).json().code;
    }
    expect(last).toBe(429);
  });

  it('limits /%61pi/v2/captcha/sms like /api/v2/captcha/sms', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/%61pi/v2/captcha/sms',
        remoteAddress: '10.1.0.3',
        payload: {
          mobile: `1350000${String(i).padStart(4, '0')}`,
          image_key: 'k',
          image_captcha: 'x',
          scene: 'login',
        },
      });
      codes.push(res.json().code);
    }
    expect(codes[10]).toBe(429);
  });
});

describe('TRUST_PROXY trusts only the configured proxies', () => {
  it('parses a hop count, a list of addresses/CIDRs, or nothing', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, ::1,10.0.0.0/8,loopback')).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'loopback',
    ]);
    for (const bad of ['true', '10.0.0.0/33', 'nginx.internal', '1.2.3'])
      expect(() => parseTrustProxy(bad), bad).toThrow('TRUST_PROXY');
  });

  async function loginIp(t: TestApp, remoteAddress: string, forwardedFor: string): Promise<string> {
    const mobile = `1390000${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const code = await t.sendSms(mobile);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/login/mobile',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { mobile, mobile_code: code },
    });
    expect(res.json().code).toBe(0);
    const record = await t.services.db
      .selectFrom('user_login_records as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select('l.ip')
      .where('u.mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    return record.ip;
  }

  describe('as a list of proxy addresses', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1,10.9.0.0/16', RATE_LIMIT_PER_MINUTE: '3' } });
    });
    afterAll(() => t.close());

    it('takes the client IP from X-Forwarded-For only when a listed proxy sent it', async () => {
      expect(await loginIp(t, '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
      expect(await loginIp(t, '10.9.4.4', '203.0.113.8')).toBe('203.0.113.8');
      expect(await loginIp(t, '198.51.100.1', '203.0.113.9')).toBe('198.51.100.1');
    });

    it('does not let a stranger rotate X-Forwarded-For around the per-IP limit', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v2/other/config',
          remoteAddress: '198.51.100.2',
          headers: { 'x-forwarded-for': `203.0.113.${i + 20}` },
        });
        codes.push(res.json().code);
      }
      expect(codes).toEqual([0, 0, 0, 429]);
    });
  });

  describe('as a hop count', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '3' } });
    });
    afterAll(() => t.close());

    it('takes the address the nearest proxy appended, not what the client wrote before it', async () => {
      expect(await loginIp(t, '127.0.0.1', '6.6.6.6, 203.0.113.30')).toBe('203.0.113.30');
    });

    it('does not let a client rotate the forged part of X-Forwarded-For around the limit', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v2/other/config',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.31` },
        });
        codes.push(res.json().code);
      }
      expect(codes).toEqual([0, 0, 0, 429]);
    });
  });
});

void TEST_CAPTCHA;

describe('one token-resolution path for every transport (single-device rule)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.settings.set('login.limit.rule', '3');
  });
  afterAll(() => t.close());

  async function twoLogins(mobile: string) {
    const first = await t.loginBySms(mobile);
    await t.allowNextSms(mobile);
    const second = await t.loginBySms(mobile);
    return { first, second };
  }

  it('refuses an older login in the body token of the forced mobile binding', async () => {
    const { first, second } = await twoLogins('13600001001');
    const res = await t.request({
      method: 'POST',
      url: '/api/v2/member/detail/mobile',
      payload: { mobile: '13600001002', mobile_code: '123456', token: first },
    });
    expect(res).toMatchObject({ code: 401, message: '请重新登录' });
    expect((await t.request({ method: 'GET', url: '/api/v2/member/detail', token: second })).code).toBe(0);
  });

  it('refuses an older login in ?token= of an attachment download', async () => {
    const { first } = await twoLogins('13600001003');
    const res = await t.app.inject({ method: 'GET', url: `/api/v2/course/attach/1/download?token=${first}` });
    expect(res.json()).toMatchObject({ code: 401 });
    const again = await t.request({ method: 'GET', url: '/api/v2/member/detail', token: first });
    expect(again).toMatchObject({ code: 401, message: '请登录' });
  });

  it('takes no token from the query or body of other routes', async () => {
    const { second } = await twoLogins('13600001004');
    expect((await t.request({ method: 'GET', url: `/api/v2/member/detail?token=${second}` })).code).toBe(401);
    const body = await t.request({
      method: 'POST',
      url: '/api/v2/member/detail/nickname',
      payload: { nick_name: '新昵称', token: second },
    });
    expect(body.code).toBe(401);
  });
});

describe('credentials never reach the request log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
  });
  afterAll(() => t.close());

  it('redacts query tokens, tickets, codes and signatures, and credential headers', async () => {
    const token = await t.loginBySms('13600002001');
    const urls = [
      `/api/v2/course/attach/1/download?token=${token}`,
      `/api/v2/order/pay/redirect?order_id=1&ticket=TICKET-SECRET-1&payment=sandbox`,
      `/api/v3/auth/login/code?login_code=LOGINCODE-SECRET-2`,
      `/api/v2/member/detail?%74oken=ENCODED-SECRET-3&page=1`,
      `/api/v2/payment/callback?sign=SIGNATURE-SECRET-4`,
    ];
    for (const url of urls)
      await t.app.inject({
        method: 'GET',
        url,
        headers: {
          authorization: `Bearer ${token}`,
          cookie: 'kezhan_oauth=COOKIE-SECRET-5',
          'wechatpay-signature': 'WXPAY-SECRET-6',
        },
      });
    const log = lines.join('\n');
    expect(log).toContain('download?token=[REDACTED]');
    expect(log).toContain('page=1');
    for (const secret of [
      token,
      'TICKET-SECRET',
      'LOGINCODE-SECRET',
      'ENCODED-SECRET',
      'SIGNATURE-SECRET',
      'COOKIE-SECRET',
      'WXPAY-SECRET',
    ])
      expect(log, secret).not.toContain(secret);
  });

  it('keeps harmless query parameters readable', () => {
    expect(redactUrl('/a?x=1&Token=abc&y=%20')).toBe('/a?x=1&Token=[REDACTED]&y=%20');
    expect(redactUrl('/a')).toBe('/a');
    expect(redactUrl('/media/hls/1/full/master.m3u8?t=5.full.99.mac')).toBe(
      '/media/hls/1/full/master.m3u8?t=[REDACTED]',
    );
  });
});
