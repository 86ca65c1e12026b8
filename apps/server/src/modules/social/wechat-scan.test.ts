import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WechatScanResult, WechatScanStart } from '@kezhan/contract/wechat-scan';
import { readEnv } from '../../config/env';
import { createTestApp, usingPostgres, type TestApp } from '../../../test/test-app';
import { FakeWechatMp } from '../../../test/support/fakes/wechat-mp';

const SERVER_TOKEN = 'server-token-1';
let mobileSeq = 0;
const nextMobile = () => `137${String(20_000_000 + (mobileSeq += 1)).slice(-8)}`;

async function memberMobile(t: TestApp, token: string): Promise<string> {
  const detail = await t.request<{ mobile: string }>({ method: 'GET', url: '/api/v2/member/detail', token });
  expect(detail.code).toBe(0);
  return detail.data.mobile;
}

describe('PC WeChat-scan login against a fake official account', () => {
  let t: TestApp;
  let wechat: FakeWechatMp;

  beforeAll(async () => {
    wechat = await new FakeWechatMp({
      appId: 'wx-mp',
      appSecret: 'wx-mp-secret',
      serverToken: SERVER_TOKEN,
    }).start();
    t = await createTestApp({
      env: {
        SOCIAL_DRIVER: 'real',
        WECHAT_MP_APP_ID: 'wx-mp',
        WECHAT_MP_APP_SECRET: 'wx-mp-secret',
        WECHAT_MP_SERVER_TOKEN: SERVER_TOKEN,
        WECHAT_API_BASE: wechat.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });
  beforeEach(async () => {
    await t.services.settings.set('socialites.wechat_scan', '1');
    await t.services.settings.set('member.enabled_mobile_bind_alert', '1');
  });

  const start = () => t.request<WechatScanStart>({ method: 'GET', url: '/api/v3/auth/login/wechat/scan' });
  const poll = (code: string) =>
    t.request<WechatScanResult>({ method: 'GET', url: `/api/v3/auth/login/wechat/scan/query?code=${code}` });
  const push = (xml: string, query = wechat.signedQuery(t.services.now())) =>
    t.app.inject({
      method: 'POST',
      url: `/api/wechat/serve?${new URLSearchParams(query)}`,
      headers: { 'content-type': 'text/xml' },
      payload: xml,
    });
  const ticketOf = (image: string) => new URL(image).searchParams.get('ticket')!;

  it('is refused while the setting is off', async () => {
    await t.services.settings.set('socialites.wechat_scan', '0');
    expect(await start()).toMatchObject({ code: 1, message: '未开启微信公众号扫码登录' });
  });

  it('answers a QR code of the official account whose scene names the code', async () => {
    const { code, data } = await start();
    expect(code).toBe(0);
    expect(data.code).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(data.image).toMatch(/^https:\/\/mp\.weixin\.qq\.com\/cgi-bin\/showqrcode\?ticket=/);
    expect(wechat.scenes.get(ticketOf(data.image))).toBe(`login:${data.code}`);
    expect(await poll(data.code)).toMatchObject({ code: 0, data: { success: -1 } });
  });

  it('a new WeChat account registers with an SMS-verified mobile, then logs straight in', async () => {
    const first = (await start()).data;
    const pushed = await push(wechat.scanEvent(ticketOf(first.image), 'openid-new', { follower: false }));
    expect(pushed.statusCode).toBe(200);
    expect(pushed.body).toBe('success');
    expect((await poll(first.code)).data).toEqual({ success: 0, action: 'bind_mobile', code: first.code });

    const mobile = nextMobile();
    const register = (mobile_code: string) =>
      t.request<{ token: string }>({
        method: 'POST',
        url: '/api/v3/auth/register/withWechatScan',
        payload: { code: first.code, mobile, mobile_code },
      });
    expect(await register('000000')).toMatchObject({ code: 1, message: '短信验证码错误' });
    const registered = await register(await t.sendSms(mobile, 'mobile_bind'));
    expect(registered.code).toBe(0);
    expect(await memberMobile(t, registered.data.token)).toBe(mobile);
    // the code is spent
    expect(await poll(first.code)).toMatchObject({ data: { success: -1 } });

    const again = (await start()).data;
    await push(wechat.scanEvent(ticketOf(again.image), 'openid-new'));
    const login = await poll(again.code);
    expect(login.data).toMatchObject({ success: 1 });
    expect(await memberMobile(t, (login.data as { token: string }).token)).toBe(mobile);
  });

  it('without the mobile setting a new WeChat account gets its own member at once', async () => {
    await t.services.settings.set('member.enabled_mobile_bind_alert', '0');
    const { data } = await start();
    await push(wechat.scanEvent(ticketOf(data.image), 'openid-solo'));
    expect((await poll(data.code)).data).toMatchObject({ success: 1, token: expect.any(String) });
  });

  it('of two polls at the same moment only one logs in; the first account to scan owns the code', async () => {
    await t.services.settings.set('member.enabled_mobile_bind_alert', '0');
    const { data } = await start();
    await push(wechat.scanEvent(ticketOf(data.image), 'openid-race'));
    await push(wechat.scanEvent(ticketOf(data.image), 'openid-intruder'));
    const answers = await Promise.all([poll(data.code), poll(data.code), poll(data.code)]);
    const tokens = answers.filter((answer) => answer.data.success === 1);
    expect(tokens).toHaveLength(1);
    const owner = await t.services.db
      .selectFrom('socialites')
      .select('app_user_id')
      .where('app_user_id', 'in', ['openid-race', 'openid-intruder'])
      .execute();
    expect(owner).toEqual([{ app_user_id: 'openid-race' }]);
  });

  it('refuses pushes that WeChat did not sign, or signed too long ago', async () => {
    const { data } = await start();
    const xml = wechat.scanEvent(ticketOf(data.image), 'openid-forged');
    const forged = await push(xml, wechat.signedQuery(t.services.now(), 'guessed-token'));
    expect(forged.statusCode).toBe(403);
    const stale = await push(xml, wechat.signedQuery(new Date(t.services.now().getTime() - 10 * 60_000)));
    expect(stale.statusCode).toBe(403);
    expect((await push(xml, {})).statusCode).toBe(403);
    expect(await poll(data.code)).toMatchObject({ data: { success: -1 } });
  });

  it('refuses a replayed push, whatever its body: a genuine signed query is taken once', async () => {
    await t.services.settings.set('member.enabled_mobile_bind_alert', '0');
    const victim = (await start()).data;
    const attacker = (await start()).data;
    const query = wechat.signedQuery(t.services.now());
    const genuine = wechat.scanEvent(ticketOf(victim.image), 'openid-victim');
    expect((await push(genuine, query)).statusCode).toBe(200);
    // The same signed query again, with a body naming the attacker's own QR code …
    const forged = wechat.scanEvent(ticketOf(attacker.image), 'openid-victim');
    expect((await push(forged, query)).statusCode).toBe(403);
    expect(await poll(attacker.code)).toMatchObject({ data: { success: -1 } });
    // … or unchanged.
    expect((await push(genuine, query)).statusCode).toBe(403);
    expect((await poll(victim.code)).data).toMatchObject({ success: 1 });
  });

  it('lets a push act only on the QR code whose ticket it names', async () => {
    await t.services.settings.set('member.enabled_mobile_bind_alert', '0');
    const scanned = (await start()).data;
    const other = (await start()).data;
    // A push whose scene is another login code than the one its ticket was issued for.
    const mixed = wechat
      .scanEvent(ticketOf(scanned.image), 'openid-mixed')
      .replace(`login:${scanned.code}`, `login:${other.code}`);
    expect((await push(mixed)).statusCode).toBe(200);
    expect(await poll(other.code)).toMatchObject({ data: { success: -1 } });
    expect(await poll(scanned.code)).toMatchObject({ data: { success: -1 } });
    // A push without a ticket names no QR code at all.
    const bare = wechat.scanEvent(ticketOf(other.image), 'openid-bare').replace(/<Ticket>.*<\/Ticket>/, '');
    expect((await push(bare)).statusCode).toBe(200);
    expect(await poll(other.code)).toMatchObject({ data: { success: -1 } });
  });

  it("answers WeChat's check of the server address with echostr when signed", async () => {
    const query = { ...wechat.signedQuery(t.services.now()), echostr: 'echo-123' };
    const ok = await t.app.inject({ method: 'GET', url: `/api/wechat/serve?${new URLSearchParams(query)}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('echo-123');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/wechat/serve?${new URLSearchParams({ ...query, signature: 'f'.repeat(40) })}`,
    });
    expect(bad.statusCode).toBe(403);
  });

  it('a locked member is refused; a bound mobile joins an existing member', async () => {
    const mobile = nextMobile();
    const token = await t.loginBySms(mobile);
    const { data } = await start();
    await push(wechat.scanEvent(ticketOf(data.image), 'openid-joins'));
    await t.allowNextSms(mobile);
    const smsCode = await t.sendSms(mobile, 'mobile_bind');
    const joined = await t.request<{ token: string }>({
      method: 'POST',
      url: '/api/v3/auth/register/withWechatScan',
      payload: { code: data.code, mobile, mobile_code: smsCode },
    });
    expect(await memberMobile(t, joined.data.token)).toBe(await memberMobile(t, token));

    await t.services.db.updateTable('users').set({ is_lock: 1 }).where('mobile', '=', mobile).execute();
    const locked = (await start()).data;
    await push(wechat.scanEvent(ticketOf(locked.image), 'openid-joins'));
    expect(await poll(locked.code)).toMatchObject({ code: 1, message: '用户已锁定无法登录' });
  });
});

describe('PC WeChat-scan login with the development provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.settings.set('socialites.wechat_scan', '1');
    await t.services.settings.set('member.enabled_mobile_bind_alert', '0');
  });
  afterAll(() => t.close());

  it('shows a QR code of the 模拟微信扫码 page, whose confirmation logs the computer in', async () => {
    const { data } = await t.request<WechatScanStart>({
      method: 'GET',
      url: '/api/v3/auth/login/wechat/scan',
    });
    expect(data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.image.split(',')[1], 'base64').toString()).toContain('<svg');

    const page = await t.app.inject({ method: 'GET', url: `/api/v3/dev/wechat-scan?code=${data.code}` });
    expect(page.body).toContain('模拟微信扫码');
    const confirmed = await t.app.inject({
      method: 'GET',
      url: `/api/v3/dev/wechat-scan/confirm?code=${data.code}&openid=dev-pc-user`,
    });
    expect(confirmed.body).toContain('已扫码，请回到电脑上继续');
    const login = await t.request<WechatScanResult>({
      method: 'GET',
      url: `/api/v3/auth/login/wechat/scan/query?code=${data.code}`,
    });
    expect(login.data).toMatchObject({ success: 1, token: expect.any(String) });

    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/v3/dev/wechat-scan/confirm?code=${data.code}&openid=dev-pc-user`,
    });
    expect(expired.body).toContain('二维码已失效');
  });
});

const ENCODING_AES_KEY = randomBytes(32).toString('base64').slice(0, 43);

describe('PC WeChat-scan login with encrypted pushes (安全模式)', () => {
  let t: TestApp;
  let wechat: FakeWechatMp;
  const app = {
    appId: 'wx-safe',
    appSecret: 'wx-safe-secret',
    serverToken: 'server-token-safe',
    encodingAesKey: ENCODING_AES_KEY,
  };

  beforeAll(async () => {
    wechat = await new FakeWechatMp(app).start();
    t = await createTestApp({
      env: {
        SOCIAL_DRIVER: 'real',
        WECHAT_MP_APP_ID: app.appId,
        WECHAT_MP_APP_SECRET: app.appSecret,
        WECHAT_MP_SERVER_TOKEN: app.serverToken,
        WECHAT_MP_ENCODING_AES_KEY: ENCODING_AES_KEY,
        WECHAT_API_BASE: wechat.url,
      },
    });
    await t.services.settings.set('socialites.wechat_scan', '1');
    await t.services.settings.set('member.enabled_mobile_bind_alert', '0');
  });
  afterAll(async () => {
    await t.close();
    await wechat.close();
  });

  const start = async () =>
    (await t.request<WechatScanStart>({ method: 'GET', url: '/api/v3/auth/login/wechat/scan' })).data;
  const poll = (code: string) =>
    t.request<WechatScanResult>({ method: 'GET', url: `/api/v3/auth/login/wechat/scan/query?code=${code}` });
  const send = (body: string, query: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/wechat/serve?${new URLSearchParams(query)}`,
      headers: { 'content-type': 'text/xml' },
      payload: body,
    });
  const ticketOf = (image: string) => new URL(image).searchParams.get('ticket')!;

  it('decrypts a push sealed with the EncodingAESKey and completes the login', async () => {
    const qr = await start();
    const sealed = wechat.encryptedPush(
      wechat.scanEvent(ticketOf(qr.image), 'openid-safe'),
      t.services.now(),
    );
    expect(sealed.body).not.toContain('openid-safe');
    const answer = await send(sealed.body, sealed.query);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('success');
    expect((await poll(qr.code)).data).toMatchObject({ success: 1, token: expect.any(String) });
  });

  it('refuses plain pushes, a body its msg_signature does not cover, another account’s, and replays', async () => {
    const qr = await start();
    const attacker = await start();
    const xml = wechat.scanEvent(ticketOf(qr.image), 'openid-safe-2');
    // Plain (correctly signed in the query) is not enough once the key is set.
    expect((await send(xml, wechat.signedQuery(t.services.now()))).statusCode).toBe(403);

    const sealed = wechat.encryptedPush(xml, t.services.now());
    // Another sealed body under the genuine push's signatures.
    const other = wechat.encryptedPush(
      wechat.scanEvent(ticketOf(attacker.image), 'openid-safe-2'),
      t.services.now(),
    );
    expect((await send(other.body, sealed.query)).statusCode).toBe(403);
    // A body sealed for another official account.
    const foreign = wechat.encryptedPush(xml, t.services.now(), { appId: 'wx-someone-else' });
    expect((await send(foreign.body, foreign.query)).statusCode).toBe(403);
    // A tampered ciphertext.
    const flipped = sealed.body.replace(
      /<Encrypt><!\[CDATA\[(.)/,
      (_m, c: string) => `<Encrypt><![CDATA[${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await send(flipped, sealed.query)).statusCode).toBe(403);
    expect(await poll(attacker.code)).toMatchObject({ data: { success: -1 } });
    expect(await poll(qr.code)).toMatchObject({ data: { success: -1 } });

    expect((await send(sealed.body, sealed.query)).statusCode).toBe(200);
    expect((await send(sealed.body, sealed.query)).statusCode).toBe(403);
    expect((await poll(qr.code)).data).toMatchObject({ success: 1 });
  });

  it('refuses to start with an EncodingAESKey that is not 43 characters', () => {
    expect(() => readEnv({ WECHAT_MP_ENCODING_AES_KEY: 'short' })).toThrow(
      'WECHAT_MP_ENCODING_AES_KEY must be the 43-character EncodingAESKey of the official account',
    );
  });
});

/** Two API nodes on one Redis: a push taken by one node is a replay on the other. */
describe.runIf(usingPostgres)('WeChat pushes on two API nodes', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  let wechat: FakeWechatMp;
  beforeAll(async () => {
    wechat = await new FakeWechatMp({
      appId: 'wx-mp',
      appSecret: 'wx-mp-secret',
      serverToken: SERVER_TOKEN,
    }).start();
    const env = {
      SOCIAL_DRIVER: 'real',
      WECHAT_MP_APP_ID: 'wx-mp',
      WECHAT_MP_APP_SECRET: 'wx-mp-secret',
      WECHAT_MP_SERVER_TOKEN: SERVER_TOKEN,
      WECHAT_API_BASE: wechat.url,
    };
    nodeA = await createTestApp({ env });
    nodeB = await createTestApp({ env, shareWith: nodeA });
    await nodeA.services.settings.set('socialites.wechat_scan', '1');
  });
  afterAll(async () => {
    await nodeB.close();
    await nodeA.close();
    await wechat.close();
  });

  it('remembers the nonce in the shared store', async () => {
    const qr = (
      await nodeA.request<WechatScanStart>({ method: 'GET', url: '/api/v3/auth/login/wechat/scan' })
    ).data;
    const xml = wechat.scanEvent(new URL(qr.image).searchParams.get('ticket')!, 'openid-nodes');
    const query = wechat.signedQuery(new Date());
    const send = (node: TestApp) =>
      node.app.inject({
        method: 'POST',
        url: `/api/wechat/serve?${new URLSearchParams(query)}`,
        headers: { 'content-type': 'text/xml' },
        payload: xml,
      });
    expect((await send(nodeA)).statusCode).toBe(200);
    expect((await send(nodeB)).statusCode).toBe(403);
  });
});
