import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, stoppedClock, type TestApp } from '../../../test/test-app';
import { parseId } from './validate';

describe('HTTP conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string | Buffer, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('compresses JSON answers above 1 KB for clients that accept it, and only for them', async () => {
    const url = '/api/docs/openapi.json';
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves answers under 1 KB uncompressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/other/config',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('answers invalid JSON with a clear envelope, not a 400 page', async () => {
    const res = await post('/api/v2/login/password', '{"mobile": ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: '请求数据格式错误', data: [] });
  });

  it('answers a body over 1 MB with 请求数据过大', async () => {
    const res = await post('/api/v2/login/password', JSON.stringify({ mobile: 'x'.repeat(2 * 1024 * 1024) }));
    expect(res.json()).toEqual({ code: 1, message: '请求数据过大', data: [] });
  });

  it('answers an unsupported content type with a clear message', async () => {
    const res = await post('/api/v2/login/password', 'mobile=1', 'text/xml');
    expect(res.json()).toEqual({ code: 1, message: '不支持的请求数据格式', data: [] });
  });

  it.each([
    [{ mobile: 13700000000, password: 123456 }, '手机号或密码错误'],
    [{ mobile: ["' or 1=1 --"], password: 'x' }, '请输入手机号'],
    [{ mobile: "' or '1'='1", password: "'; drop table users; --" }, '请输入正确的手机号'],
    [{ mobile: '1'.repeat(5000), password: 'x' }, '请输入正确的手机号'],
    [{ mobile: null, password: null }, '请输入手机号,请输入密码'],
  ])('treats hostile or mistyped input %j as data, never as a crash', async (payload, message) => {
    const res = await t.request({ method: 'POST', url: '/api/v2/login/password', payload });
    expect(res).toMatchObject({ statusCode: 200, code: 1, message });
    const users = await t.services.db.selectFrom('users').select('id').execute();
    expect(Array.isArray(users)).toBe(true);
  });

  it('answers a JSON array or scalar body as missing fields', async () => {
    expect((await post('/api/v2/login/password', '[1,2]')).json()).toMatchObject({
      code: 1,
      message: '请输入手机号,请输入密码',
    });
    expect((await post('/api/v2/login/password', '"x"')).json()).toMatchObject({ code: 1 });
  });

  it('answers unknown /api paths and wrong methods with HTTP 404 and an envelope', async () => {
    for (const [method, url] of [
      ['GET', '/api/v2/nothing-here'],
      ['DELETE', '/api/v2/other/config'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, message: '接口不存在', data: [] });
    }
  });

  it('allows every origin without credentials (CORS)', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/login/mobile',
      headers: { origin: 'https://h5.example.com', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers a preflight with the methods and the headers asked for, and refuses an incomplete one', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/member/detail',
      headers: {
        origin: 'https://h5.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['content-length']).toBe('0');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE, OPTIONS');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization, content-type');
    expect(preflight.headers.vary).toContain('Access-Control-Request-Headers');
    const incomplete = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/member/detail',
      headers: { origin: 'https://h5.example.com' },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.body).toBe('Invalid Preflight Request');
    const read = await t.app.inject({ method: 'GET', url: '/api/v2/other/config' });
    expect(read.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers no CORS on the console API: only the console, on this origin, calls it', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('echoes a request id header, reusing a well-formed incoming one', async () => {
    const generated = await t.app.inject({ method: 'GET', url: '/api/v2/other/config' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const passed = await t.app.inject({
      method: 'GET',
      url: '/api/v2/other/config',
      headers: { 'x-request-id': 'edge-42' },
    });
    expect(passed.headers['x-request-id']).toBe('edge-42');
  });

  it('answers malformed URLs (bad percent-encoding, over-long path parts) with 参数错误', async () => {
    for (const url of [
      '/api/v2/member/notificationMarkAsRead/%E0%A4%A',
      `/api/v2/member/notificationMarkAsRead/${'9'.repeat(300)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual({ code: 1, message: '参数错误', data: [] });
    }
  });

  it('accepts only plain positive integers as ids', () => {
    expect(parseId('42')).toBe(42);
    for (const bad of ['abc', '-1', '1.5', '1e3', '', '99999999999', "1' or 1=1"])
      expect(() => parseId(bad)).toThrow('参数错误');
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' }, now: stoppedClock() });
  });
  afterAll(() => t.close());

  it('answers code 429 请稍后再试 (HTTP 200) past the per-minute limit of an IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await t.request({ method: 'GET', url: '/api/v3/status' })).code);
    expect(codes).toEqual([0, 0, 0, 0, 0, 429]);
    const limited = await t.app.inject({ method: 'GET', url: '/api/v3/status' });
    expect(limited.statusCode).toBe(200);
    expect(limited.json()).toEqual({ code: 429, message: '请稍后再试', data: [] });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('counts per IP', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/v3/status',
      remoteAddress: '10.0.0.9',
    });
    expect(other.json().code).toBe(0);
  });
});

describe('SMS and captcha rate limits per IP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' }, now: stoppedClock() });
  });
  afterAll(() => t.close());

  it('allows at most 10 SMS requests a minute from one IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v2/captcha/sms',
        remoteAddress: '10.0.0.7',
        payload: {
          mobile: `1350000${String(i).padStart(4, '0')}`,
          image_key: 'k',
          image_captcha: 'x',
          scene: 'login',
        },
      });
      codes.push(res.json().code);
    }
    expect(codes.slice(0, 10).every((code) => code === 1)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('allows at most 30 captcha images a minute from one IP', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      last = (
        await t.app.inject({ method: 'GET', url: '/api/v2/captcha/image', remoteAddress: '10.0.0.8' })
      ).json().code;
    }
    expect(last).toBe(429);
  });
});
