import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsSdkConfig } from '@kezhan/contract/wechat-share';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A fake WeChat API on 127.0.0.1: checks the credentials and counts what it is asked. */
async function fakeWechat() {
  const asked: string[] = [];
  let failTicket = false;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(url.pathname);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/cgi-bin/token') {
      const good =
        url.searchParams.get('grant_type') === 'client_credential' &&
        url.searchParams.get('appid') === 'wx-app' &&
        url.searchParams.get('secret') === 'wx-secret';
      res.end(
        JSON.stringify(
          good
            ? { access_token: 'ACCESS', expires_in: 7200 }
            : { errcode: 40125, errmsg: 'invalid appsecret' },
        ),
      );
      return;
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      const good =
        url.searchParams.get('access_token') === 'ACCESS' && url.searchParams.get('type') === 'jsapi';
      res.end(
        JSON.stringify(
          good && !failTicket
            ? { errcode: 0, errmsg: 'ok', ticket: 'TICKET-1', expires_in: 7200 }
            : { errcode: 40001, errmsg: 'invalid credential' },
        ),
      );
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    failTickets: () => (failTicket = true),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('GET /api/v3/other/wechat-mp-jssdk', () => {
  let wechat: Awaited<ReturnType<typeof fakeWechat>>;
  let t: TestApp;
  const now = new Date('2026-06-01T00:00:00Z');
  const jssdk = (path: string) =>
    t.request<JsSdkConfig>({
      method: 'GET',
      url: `/api/v3/other/wechat-mp-jssdk?path=${encodeURIComponent(path)}`,
    });

  beforeAll(async () => {
    wechat = await fakeWechat();
    t = await createTestApp({
      now: () => now,
      env: { WECHAT_MP_APP_ID: 'wx-app', WECHAT_MP_APP_SECRET: 'wx-secret', WECHAT_API_BASE: wechat.url },
    });
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });

  it('answers {enabled: 0} while sharing is off, without asking WeChat', async () => {
    expect((await jssdk('https://h5.test/')).data).toEqual({ enabled: 0 });
    expect(wechat.asked).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/v3/other/wechat-mp-jssdk' })).message).toBe(
      '参数错误',
    );
  });

  it('signs the page with the cached jsapi ticket (WeChat’s SHA-1 algorithm)', async () => {
    await t.services.settings.set('wechat_mp.share.enabled', '1');
    await t.services.settings.set('wechat_mp.share.title', '课栈');
    const page = 'https://h5.test/vod/detail?id=3';
    const res = await jssdk(page);
    expect(res.code).toBe(0);
    if (res.data.enabled !== 1) throw new Error('not enabled');
    const { data, share } = res.data;
    expect(data).toMatchObject({ appId: 'wx-app', timestamp: 1780272000, debug: false, beta: false });
    expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{15}$/);
    const expected = createHash('sha1')
      .update(`jsapi_ticket=TICKET-1&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${page}`)
      .digest('hex');
    expect(data.signature).toBe(expected);
    expect(data.jsApiList).toContain('updateAppMessageShareData');
    expect(data.openTagList).toContain('wx-open-launch-weapp');
    expect(share).toEqual({ title: '课栈', desc: '', icon: '' });
    // Token and ticket are cached in the ephemeral store: a second page asks WeChat nothing.
    await jssdk('https://h5.test/member');
    expect(wechat.asked).toEqual(['/cgi-bin/token', '/cgi-bin/ticket/getticket']);
  });

  it('answers 错误 when WeChat refuses', async () => {
    await t.services.store.delete('wechat-mp:jsapi-ticket:wx-app');
    wechat.failTickets();
    expect(await jssdk('https://h5.test/')).toMatchObject({ code: 1, message: '错误' });
  });
});
