import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, stoppedClock, TEST_CAPTCHA, type TestApp } from '../../../test/test-app';
import { parseTrustProxy } from '../../config/env';
import { redactUrl } from './logging';
import Fastify from 'fastify';
import { installErrorHandler } from './error-handler';
import { MemoryStore } from '../store/memory-store';
import { SmsCodeService } from '../../modules/captcha/sms-codes';
import { LogSmsSender } from '../../providers/sms/log-sms-sender';
import type { Db } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { ipProvince } from '../ip-region';
import { addCourse } from '../../../test/support/courses';

/** Issue #18: the findings of the security review, one block each. */

describe('rate limits key on the route, not on the spelling of the URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' }, now: stoppedClock() });
  });
  afterAll(() => t.close());

  it('counts a percent-encoded /%61pi/… path against the global limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/%61pi/v3/status',
        remoteAddress: '10.1.0.1',
      });
      codes.push(res.json().code);
    }
    expect(codes).toEqual([0, 0, 0, 0, 0, 429]);
  });

  it('counts requests for API and add-on paths we do not serve', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const url = ['/api/v2/no-such-route', '/%61pi/v9/x', '/addons/Foo/api/bar'][i % 3];
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '10.1.0.9' });
      codes.push(res.json().code);
    }
    expect(codes).toEqual([404, 404, 404, 404, 404, 429]);
  });
});

describe('route limits (SMS, captcha) cannot be dodged by encoding the path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' }, now: stoppedClock() });
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

  let loginCount = 0;
  async function loginIp(t: TestApp, remoteAddress: string, forwardedFor: string): Promise<string> {
    loginCount += 1;
    const mobile = `1390001${String(loginCount).padStart(4, '0')}`;
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
      t = await createTestApp({
        env: { TRUST_PROXY: '127.0.0.1,10.9.0.0/16', RATE_LIMIT_PER_MINUTE: '3' },
        now: stoppedClock(),
      });
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
          url: '/api/v3/status',
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
      t = await createTestApp({ env: { TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '3' }, now: stoppedClock() });
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
          url: '/api/v3/status',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.31` },
        });
        codes.push(res.json().code);
      }
      expect(codes).toEqual([0, 0, 0, 429]);
    });
  });
});

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

describe('mobile numbers have one spelling and must be mainland mobiles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const sendSms = async (mobile: string) => {
    const captcha = await t.request<{ key: string }>({ method: 'GET', url: '/api/v2/captcha/image' });
    return t.request({
      method: 'POST',
      url: '/api/v2/captcha/sms',
      payload: { mobile, image_key: captcha.data.key, image_captcha: TEST_CAPTCHA, scene: 'login' },
    });
  };

  it('refuses to send an SMS to something that is not a mainland mobile', async () => {
    for (const mobile of ['not-a-phone', '12345', '23800000000', '138000000001', '+1 415 555 0100'])
      expect(await sendSms(mobile), mobile).toMatchObject({ code: 1, message: '请输入正确的手机号' });
    expect(t.smsLines).toEqual([]);
  });

  it('gives +86 / spaced spellings the cooldown, code and member of the plain number', async () => {
    expect((await sendSms('+86 138-0000-1111')).code).toBe(0);
    expect(t.smsLines.at(-1)).toContain('mobile=13800001111 ');
    expect(await sendSms('13800001111')).toMatchObject({ code: 1, message: '短信发送过于频繁，请稍后再试' });
    expect(await sendSms('008613800001111')).toMatchObject({
      code: 1,
      message: '短信发送过于频繁，请稍后再试',
    });
    const login = await t.request<{ token: string }>({
      method: 'POST',
      url: '/api/v2/login/mobile',
      payload: { mobile: '+8613800001111', mobile_code: t.lastSmsCode('13800001111') },
    });
    expect(login.code).toBe(0);
    const member = await t.services.db
      .selectFrom('users')
      .select('mobile')
      .where('mobile', 'like', '%13800001111%')
      .execute();
    expect(member).toEqual([{ mobile: '13800001111' }]);
  });

  it('never makes a member of a malformed mobile', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v2/login/mobile',
      payload: { mobile: 'not-a-phone', mobile_code: '000000' },
    });
    expect(res).toMatchObject({ code: 1, message: '请输入正确的手机号' });
  });
});

describe('the 10-wrong-SMS-codes limit holds under concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compares at most 10 of many simultaneous guesses', async () => {
    const mobile = '13600003001';
    const code = await t.sendSms(mobile);
    const wrong = code === '000000' ? '000001' : '000000';
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 59 ? code : wrong));
    const answers = await Promise.all(
      guesses.map((guess) =>
        t.request({ method: 'POST', url: '/api/v2/login/mobile', payload: { mobile, mobile_code: guess } }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toEqual([]);
    const late = await t.request({
      method: 'POST',
      url: '/api/v2/login/mobile',
      payload: { mobile, mobile_code: code },
    });
    expect(late).toMatchObject({ code: 1, message: '短信验证码错误' });
  });
});

describe('the wrong-code count is taken before the comparison (store with network latency)', () => {
  /** A MemoryStore whose every call takes a millisecond, as a Redis round trip does. */
  class SlowStore extends MemoryStore {
    private readonly pause = () => new Promise((resolve) => setTimeout(resolve, 1));
    override async get(key: string) {
      await this.pause();
      return super.get(key);
    }
    override async take(key: string) {
      await this.pause();
      return super.take(key);
    }
    override async increment(key: string, ttlSeconds: number) {
      await this.pause();
      return super.increment(key, ttlSeconds);
    }
    override async delete(...keys: string[]) {
      await this.pause();
      return super.delete(...keys);
    }
  }

  it('lets none of 200 simultaneous guesses past the 10th be compared', async () => {
    const store = new SlowStore();
    const lines: string[] = [];
    const db = {
      insertInto: () => ({ values: () => ({ execute: async () => undefined }) }),
    } as unknown as Db;
    const codes = new SmsCodeService(store, new LogSmsSender((line) => lines.push(line)), db, 60);
    await codes.send('13600003002', 'login');
    const code = /code=(\d{6})/.exec(lines[0])![1];
    const wrong = code === '000000' ? '000001' : '000000';
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 150 ? code : wrong));
    const results = await Promise.allSettled(
      guesses.map((guess) => codes.verify('13600003002', guess, ['login'])),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toEqual([]);
    await store.close();
  });
});

describe('NUL and other control characters in text input', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.loginBySms('13600004001');
  });
  afterAll(() => t.close());

  it('answers every operation of the OpenAPI document with an envelope, never a 500', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
          }
        >
      >;
    };
    const failures: string[] = [];
    let refused = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => `${p.name}=a%00b`);
        const fields = Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {});
        for (const variant of ['path', 'query', 'body'] as const) {
          if (variant === 'path' && !path.includes('{')) continue;
          if (variant === 'query' && query.length === 0) continue;
          if (variant === 'body' && fields.length === 0) continue;
          const url =
            path.replace(/\{\w+\}/g, variant === 'path' ? 'a%00b' : '1') +
            (variant === 'query' ? `?${query.join('&')}` : '');
          const payload =
            variant === 'body' ? Object.fromEntries(fields.map((name) => [name, 'a\u0000b'])) : undefined;
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { authorization: `Bearer ${token}` },
            ...(payload ? { payload } : {}),
          });
          if (res.statusCode >= 500)
            failures.push(`${method} ${url} ${variant}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          else if (
            String(res.headers['content-type'] ?? '').includes('json') &&
            res.json().message === '输入内容不能包含控制字符'
          )
            refused += 1;
        }
      }
    }
    expect(failures).toEqual([]);
    expect(refused).toBeGreaterThan(30);
  });

  it('refuses control characters in contract text fields with a clear message', async () => {
    for (const value of ['a\u0000b', 'a\u0007b', 'a\u001bb', 'a\u007fb']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/v2/member/detail/nickname',
        token,
        payload: { nick_name: value },
      });
      expect(res, JSON.stringify(value)).toMatchObject({ code: 1, message: '输入内容不能包含控制字符' });
    }
    const search = await t.request({ method: 'GET', url: '/api/v3/search?keywords=%00' });
    expect(search).toMatchObject({ code: 1, message: '输入内容不能包含控制字符' });
  });

  it('answers a value the database refuses with 参数错误, never a 500 with internals', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/db', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    const res = await app.inject({ method: 'GET', url: '/db' });
    expect([res.statusCode, res.json()]).toEqual([200, { code: 1, message: '参数错误', data: [] }]);
    await app.close();
  });

  it('never leaves half an SMS send: no live code without its record', async () => {
    const store = new MemoryStore();
    const failingDb = {
      insertInto: () => {
        throw new Error('database unavailable');
      },
    } as unknown as Db;
    const codes = new SmsCodeService(store, new LogSmsSender(() => undefined), failingDb, 60);
    await expect(codes.send('13600004002', 'login')).rejects.toThrow('database unavailable');
    expect(await store.get('sms:code:login:13600004002')).toBeNull();
    expect(await store.get('sms:cooldown:13600004002')).toBeNull();
    await store.close();
  });
});

describe('password login: no lock-out by strangers, no enumeration by timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.db
      .updateTable('users')
      .set({ password: await hashPassword('owner-password') })
      .where('id', '=', Number((await t.services.tokens.read(await t.loginBySms('13600005001')))!.sub))
      .execute();
  });
  afterAll(() => t.close());

  const attempt = (password: string, remoteAddress: string, extra: Record<string, string> = {}) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/v2/login/password',
        remoteAddress,
        payload: { mobile: '13600005001', password, ...extra },
      })
      .then((res) => res.json() as { code: number; message: string });

  it('makes the guessing IP wait, not the owner on another IP', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await attempt(`guess-${i}`, '198.51.100.50')).message).toBe('手机号或密码错误');
    expect((await attempt('owner-password', '198.51.100.50')).message).toBe('密码错误次数过多，请稍后再试');
    expect((await attempt('owner-password', '203.0.113.50')).code).toBe(0);
  });

  it('asks for an image captcha after many failures from many IPs, and keeps SMS login open', async () => {
    for (let i = 0; i < 10; i += 1) await attempt(`spray-${i}`, `198.51.100.${60 + i}`);
    expect(await attempt('owner-password', '203.0.113.51')).toMatchObject({
      code: 1,
      message: '请输入图形验证码',
    });
    const captcha = await t.request<{ key: string }>({ method: 'GET', url: '/api/v2/captcha/image' });
    const withCaptcha = await attempt('owner-password', '203.0.113.51', {
      image_key: captcha.data.key,
      image_captcha: TEST_CAPTCHA,
    });
    expect(withCaptcha.code).toBe(0);
    for (let i = 0; i < 12; i += 1) await attempt(`spray2-${i}`, `198.51.100.${80 + i}`);
    await t.allowNextSms('13600005001');
    expect(await t.loginBySms('13600005001')).toMatch(/^ey/);
  });

  it('spends as long on an unknown mobile as on a member', async () => {
    const time = async (mobile: string) => {
      const started = process.hrtime.bigint();
      await t.app.inject({
        method: 'POST',
        url: '/api/v2/login/password',
        remoteAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
        payload: { mobile, password: 'nope' },
      });
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    await time('13600005099');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      known.push(await time('13600005001'));
      unknown.push(await time(`1360000510${i}`));
    }
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});

/** Sends raw bytes to a listening server; resolves with everything it answered once it closes. */
function rawExchange(port: number, chunks: Buffer[], options: { gapMs?: number; timeoutMs?: number } = {}) {
  return new Promise<{ text: string; closedAfterMs: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after ${options.timeoutMs ?? 10_000} ms`));
    }, options.timeoutMs ?? 10_000);
    socket.on('data', (data) => received.push(data));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(received).toString('utf8'), closedAfterMs: Date.now() - started });
    });
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (options.gapMs) await new Promise((r) => setTimeout(r, options.gapMs));
      }
    });
  });
}

function envelopeOf(text: string) {
  const [head, body] = text.split('\r\n\r\n');
  return { head, status: Number(head.split(' ')[1]), json: JSON.parse(body) as unknown };
}

describe('requests the HTTP parser refuses, and slow requests', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers raw bytes ≥ 0x80 in the URL with the envelope and closes the connection', async () => {
    const request = Buffer.concat([
      Buffer.from('GET /api/v2/'),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
    ]);
    const answer = envelopeOf((await rawExchange(port, [request])).text);
    expect(answer.status).toBe(400);
    expect(answer.head.toLowerCase()).toContain('connection: close');
    expect(answer.json).toEqual({ code: 1, message: '请求格式错误', data: [] });
  });

  it('answers more than 16 KiB of headers with 请求头过大 and closes the connection', async () => {
    const request = Buffer.from(
      `GET /api/v2/other/config HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const answer = envelopeOf((await rawExchange(port, [request])).text);
    expect(answer.status).toBe(431);
    expect(answer.head.toLowerCase()).toContain('connection: close');
    expect(answer.json).toEqual({ code: 1, message: '请求头过大', data: [] });
  });

  it('cuts off a body that trickles in slower than the request timeout', async () => {
    const head = Buffer.from(
      'POST /api/v2/login/password HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    const trickle = Array.from({ length: 40 }, () => Buffer.from(' '));
    const { text, closedAfterMs } = await rawExchange(port, [head, ...trickle], {
      gapMs: 200,
      timeoutMs: 7000,
    });
    expect(closedAfterMs).toBeLessThan(4000);
    expect(text).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('public comment lists show at most the province, never the address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  it('fills ip_province from the offline IP database and answers ip empty', async () => {
    const course = await addCourse(t.services.db, { is_free: 1 });
    const token = await t.loginBySms('13600006001');
    for (const [address, content] of [
      ['120.24.78.68', '来自深圳的评论内容'],
      ['8.8.8.8', '来自海外的评论内容'],
      ['10.1.2.3', '来自内网的评论内容'],
    ])
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/v2/course/${course}/comment`,
            headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
            payload: { content },
          })
        ).json().code,
      ).toBe(0);
    const list = await t.request<{ comments: { ip: string; ip_province: string }[] }>({
      method: 'GET',
      url: `/api/v2/course/${course}/comments`,
    });
    expect(list.data.comments.map(({ ip, ip_province }) => [ip, ip_province])).toEqual([
      ['', ''],
      ['', '美国'],
      ['', '广东省'],
    ]);
    expect(JSON.stringify(list)).not.toMatch(/120\.24|8\.8\.8\.8|10\.1\.2/);
  });

  it('looks addresses up offline, IPv4-mapped IPv6 included', () => {
    expect(ipProvince('202.96.128.86')).toBe('广东省');
    expect(ipProvince('::ffff:114.114.114.114')).toBe('江苏省');
    expect(ipProvince('127.0.0.1')).toBe('');
    expect(ipProvince('not an ip')).toBe('');
  });
});
