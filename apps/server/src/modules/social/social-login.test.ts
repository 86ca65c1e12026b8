import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FakeOAuthVendors, type FakeIdentity } from '../../../test/support/fakes/oauth-vendors';

const H5 = 'https://h5.test';
const S_URL = `${H5}/member?from=login`;
const F_URL = `${H5}/login-error`;
const START = { qq: '/api/v3/auth/login/socialite/qq', wechat: '/api/v3/auth/login/wechat/oauth' } as const;
type App = keyof typeof START;

describe('social login (QQ, WeChat official account) against fake vendors', () => {
  let t: TestApp;
  let vendors: FakeOAuthVendors;
  let clockOffsetMs = 0;
  let mobileSeq = 0;
  const nextMobile = () => `139${String(10_000_000 + (mobileSeq += 1)).slice(-8)}`;

  beforeAll(async () => {
    vendors = await new FakeOAuthVendors({
      qq: { clientId: '101000', clientSecret: 'qq-secret' },
      wechat: { appId: 'wx-app', appSecret: 'wx-secret' },
      callbackPrefix: 'http://api.test/api/v3/auth/login/',
    }).start();
    t = await createTestApp({
      now: () => new Date(Date.now() + clockOffsetMs),
      env: {
        SOCIAL_DRIVER: 'real',
        QQ_CLIENT_ID: '101000',
        QQ_CLIENT_SECRET: 'qq-secret',
        QQ_API_BASE: vendors.url,
        WECHAT_MP_APP_ID: 'wx-app',
        WECHAT_MP_APP_SECRET: 'wx-secret',
        WECHAT_API_BASE: vendors.url,
        WECHAT_AUTHORIZE_URL: `${vendors.url}/connect/oauth2/authorize`,
        ALLOWED_REDIRECT_HOSTS: 'pc.extra.test, localhost:5173',
      },
    });
    await t.services.settings.set('socialites.qq', '1');
    await t.services.settings.set('socialites.wechat_oauth', '1');
    await t.services.settings.set('h5_url', H5);
  });
  afterAll(async () => {
    await t.close();
    await vendors.close();
  });
  beforeEach(async () => {
    clockOffsetMs = 0;
    await t.services.settings.set('member.enabled_mobile_bind_alert', '0');
  });

  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

  /** The browser's cookie for our site (the OAuth browser binding set by the start). */
  let browserCookie = '';
  async function start(app: App, params: Record<string, string>) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${START[app]}?${query(params)}`,
      headers: browserCookie ? { cookie: browserCookie } : {},
    });
    const set = res.headers['set-cookie'];
    if (set) browserCookie = String(set).split(';')[0];
    return res;
  }

  /** Start → the fake vendor's authorize page → our callback URL (not yet visited). */
  async function authorize(app: App, identity: FakeIdentity, params: Record<string, string> = {}) {
    vendors.next = identity;
    const started = await start(app, { s_url: S_URL, f_url: F_URL, action: 'login', ...params });
    expect(started.statusCode).toBe(302);
    const consent = await fetch(started.headers.location as string, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get('location')!);
    expect(callback.origin).toBe('http://api.test');
    return callback;
  }

  async function visit(callback: URL) {
    const done = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie: browserCookie },
    });
    return done;
  }

  /** The whole browser round trip; answers where the browser lands. */
  async function socialLogin(app: App, identity: FakeIdentity, params: Record<string, string> = {}) {
    const done = await visit(await authorize(app, identity, params));
    expect(done.statusCode).toBe(302);
    return new URL(done.headers.location as string);
  }

  async function loginCodeOf(app: App, identity: FakeIdentity, params: Record<string, string> = {}) {
    const landed = await socialLogin(app, identity, params);
    const code = landed.searchParams.get('login_code');
    expect(code).toMatch(/^[A-Za-z0-9]{32}$/);
    return code!;
  }

  /** What the profile page does before navigating to a bind: a single-use ticket for the member. */
  const bindTicket = async (token: string) =>
    (
      await t.request<{ ticket: string }>({
        method: 'POST',
        url: '/api/v3/member/socialite/bindTicket',
        token,
      })
    ).data.ticket;

  const exchange = (code: unknown) =>
    t.request<Record<string, unknown>>({ method: 'POST', url: '/api/v3/auth/login/code', payload: { code } });

  const detail = (token: string) =>
    t.request<Record<string, any>>({ method: 'GET', url: '/api/v2/member/detail', token });

  describe('start', () => {
    it('redirects to QQ with our callback (signed data) and a short alphanumeric state', async () => {
      const res = await start('qq', { s_url: S_URL, f_url: F_URL, action: 'login' });
      expect(res.statusCode).toBe(302);
      const location = new URL(res.headers.location as string);
      expect(location.origin + location.pathname).toBe(`${vendors.url}/oauth2.0/authorize`);
      expect(location.searchParams.get('client_id')).toBe('101000');
      expect(location.searchParams.get('response_type')).toBe('code');
      const redirectUri = new URL(location.searchParams.get('redirect_uri')!);
      expect(redirectUri.origin + redirectUri.pathname).toBe(
        'http://api.test/api/v3/auth/login/socialite/qq/callback',
      );
      expect(redirectUri.searchParams.get('data')).toMatch(/^[\w-]+\.[\w-]+$/);
      expect(location.searchParams.get('state')).toMatch(/^[a-f0-9]{32}$/);
    });

    it('redirects to WeChat with scope snsapi_userinfo and #wechat_redirect', async () => {
      const res = await start('wechat', { s_url: S_URL, f_url: F_URL, action: 'login' });
      expect(res.statusCode).toBe(302);
      const location = res.headers.location as string;
      expect(location.startsWith(`${vendors.url}/connect/oauth2/authorize?`)).toBe(true);
      expect(location.endsWith('#wechat_redirect')).toBe(true);
      const params = new URL(location).searchParams;
      expect(params.get('appid')).toBe('wx-app');
      expect(params.get('scope')).toBe('snsapi_userinfo');
      expect(new URL(params.get('redirect_uri')!).pathname).toBe('/api/v3/auth/login/wechat/callback');
    });

    it('answers 参数错误 for missing, unknown or oversized parameters (JSON, never a 500)', async () => {
      const cases: Record<string, string>[] = [
        { f_url: F_URL, action: 'login' },
        { s_url: S_URL, action: 'login' },
        { s_url: S_URL, f_url: F_URL },
        { s_url: S_URL, f_url: F_URL, action: 'steal' },
        { s_url: `${H5}/${'x'.repeat(300)}`, f_url: F_URL, action: 'login' },
      ];
      for (const params of cases) {
        const res = await start('qq', params);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ code: 1, message: '参数错误', data: [] });
      }
      const repeated = await t.app.inject({
        method: 'GET',
        url: `${START.qq}?s_url=${S_URL}&s_url=${S_URL}&f_url=${F_URL}&action=login`,
      });
      expect(repeated.json()).toEqual({ code: 1, message: '参数错误', data: [] });
    });

    it('refuses unknown or disabled apps with 登录应用不存在', async () => {
      const params = query({ s_url: S_URL, f_url: F_URL, action: 'login' });
      const weibo = await t.app.inject({
        method: 'GET',
        url: `/api/v3/auth/login/socialite/weibo?${params}`,
      });
      expect(weibo.json()).toEqual({ code: 1, message: '登录应用不存在', data: [] });
      await t.services.settings.set('socialites.qq', '0');
      try {
        expect((await start('qq', { s_url: S_URL, f_url: F_URL, action: 'login' })).json().message).toBe(
          '登录应用不存在',
        );
      } finally {
        await t.services.settings.set('socialites.qq', '1');
      }
    });

    it('never redirects to a host that is not the h5, the PC site, the API or an allowed extra', async () => {
      for (const target of [
        'https://evil.example/member',
        'https://h5.test@evil.example/',
        'https://h5.test.evil.example/',
        '//evil.example/member',
        '/member',
        'javascript:alert(1)//h5.test',
        'ftp://h5.test/member',
        'https:\\\\evil.example',
      ]) {
        for (const params of [
          { s_url: target, f_url: F_URL, action: 'login' },
          { s_url: S_URL, f_url: target, action: 'login' },
        ]) {
          const res = await start('qq', params);
          expect(res.statusCode, target).toBe(200);
          expect(res.json(), target).toEqual({ code: 1, message: '非法的跳转地址', data: [] });
        }
      }
      for (const allowed of [
        'http://api.test/x',
        'https://pc.extra.test/a',
        'http://localhost:5173/member',
      ]) {
        expect((await start('qq', { s_url: allowed, f_url: F_URL, action: 'login' })).statusCode).toBe(302);
      }
    });
  });

  describe('callback and login code', () => {
    it('creates a social-only member for a new QQ account and logs the same member in next time', async () => {
      const identity = {
        openid: 'QQ-OPENID-NEW',
        unionid: 'QQ-UNION-NEW',
        nickname: '小明同学',
        avatar: 'https://q.qlogo.cn/a.png',
      };
      const landed = await socialLogin('qq', identity);
      expect(landed.origin + landed.pathname).toBe(`${H5}/member`);
      expect(landed.searchParams.get('from')).toBe('login');
      expect(landed.searchParams.get('action')).toBe('login');

      const first = await exchange(landed.searchParams.get('login_code'));
      expect(first.code).toBe(0);
      expect(first.data.success).toBe(1);
      expect(Object.keys(first.data).sort()).toEqual(['success', 'token']);
      expect(typeof first.data.token).toBe('string');

      const me = (await detail(first.data.token as string)).data;
      expect(me.is_bind_qq).toBe(1);
      expect(me.is_bind_wechat).toBe(0);
      expect(me.is_bind_mobile).toBe(0);
      expect(me.mobile).toMatch(/^[2-9]\d{8}$/);
      expect(me.nick_name).toMatch(/^小明同学_[A-Za-z0-9]{3}$/);
      expect(me.avatar).toBe('https://q.qlogo.cn/a.png');
      expect(me.is_set_nickname).toBe(0);

      const again = await exchange(await loginCodeOf('qq', identity));
      expect(again.data.success).toBe(1);
      expect((await detail(again.data.token as string)).data.id).toBe(me.id);
    });

    it('redeems a code once: a replay answers 已过期', async () => {
      const code = await loginCodeOf('qq', { openid: 'QQ-REPLAY' });
      expect((await exchange(code)).data.success).toBe(1);
      expect(await exchange(code)).toMatchObject({ code: 1, message: '已过期', data: [] });
    });

    it('lets only one of two simultaneous exchanges of a code succeed', async () => {
      const code = await loginCodeOf('qq', { openid: 'QQ-RACE' });
      const answers = await Promise.all([exchange(code), exchange(code), exchange(code)]);
      expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
      expect(answers.filter((a) => a.message === '已过期')).toHaveLength(2);
      const members = await t.services.db
        .selectFrom('socialites')
        .select('user_id')
        .where('app_user_id', '=', 'QQ-RACE')
        .execute();
      expect(members).toHaveLength(1);
    });

    it('expires an unused code after 10 minutes', async () => {
      const code = await loginCodeOf('qq', { openid: 'QQ-LATE' });
      clockOffsetMs = 601_000;
      expect(await exchange(code)).toMatchObject({ code: 1, message: '已过期' });
      clockOffsetMs = 0;
      expect(await exchange(code)).toMatchObject({ code: 1, message: '已过期' });
    });

    it('answers clear messages for malformed codes', async () => {
      expect((await t.request({ method: 'POST', url: '/api/v3/auth/login/code', payload: {} })).message).toBe(
        '参数错误',
      );
      expect((await exchange(12345)).message).toBe('参数错误');
      expect((await exchange(['a'])).message).toBe('参数错误');
      expect((await exchange('x'.repeat(5000))).message).toBe('参数错误');
      expect((await exchange('A'.repeat(32))).message).toBe('已过期');
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/v3/auth/login/code',
        headers: { 'content-type': 'application/json' },
        payload: '{"code":',
      });
      expect(text.statusCode).toBe(200);
      expect(text.json().code).toBe(1);
    });

    it('logs in the member whose WeChat binding has the same unionid (another WeChat app) ', async () => {
      const owner = await t.loginBySms(nextMobile());
      const ownerId = (await detail(owner)).data.id as number;
      await t.services.db
        .insertInto('socialites')
        .values({
          user_id: ownerId,
          app: 'wechat',
          app_user_id: 'OPENID-OF-OTHER-WX-APP',
          union_id: 'UNION-SHARED',
        })
        .execute();
      const res = await exchange(
        await loginCodeOf('wechat', { openid: 'MP-OPENID-1', unionid: 'UNION-SHARED', nickname: '微信用户' }),
      );
      expect(res.data.success).toBe(1);
      expect((await detail(res.data.token as string)).data.id).toBe(ownerId);
    });

    it('learns the unionid of a binding found by openid', async () => {
      const first = await exchange(await loginCodeOf('qq', { openid: 'QQ-NO-UNION' }));
      const memberId = (await detail(first.data.token as string)).data.id;
      await exchange(await loginCodeOf('qq', { openid: 'QQ-NO-UNION', unionid: 'QQ-UNION-LATER' }));
      const row = await t.services.db
        .selectFrom('socialites')
        .select(['user_id', 'union_id'])
        .where('app_user_id', '=', 'QQ-NO-UNION')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ user_id: memberId, union_id: 'QQ-UNION-LATER' });
    });

    it('refuses a locked member with 用户已锁定无法登录', async () => {
      const first = await exchange(await loginCodeOf('qq', { openid: 'QQ-LOCKED' }));
      const id = (await detail(first.data.token as string)).data.id;
      await t.services.db.updateTable('users').set({ is_lock: 1 }).where('id', '=', id).execute();
      expect((await exchange(await loginCodeOf('qq', { openid: 'QQ-LOCKED' }))).message).toBe(
        '用户已锁定无法登录',
      );
    });

    it('sends vendor refusals, cancellations and snapshot visitors to f_url with login_err_msg', async () => {
      vendors.failNextTokenExchange = true;
      const refused = await socialLogin('qq', { openid: 'QQ-REFUSED' });
      expect(refused.origin + refused.pathname).toBe(F_URL);
      expect(refused.searchParams.get('login_err_msg')).toBe('授权登录失败，请稍后再试');
      expect(refused.searchParams.get('action')).toBe('login');
      expect(refused.searchParams.has('login_code')).toBe(false);

      const callback = await authorize('qq', { openid: 'QQ-CANCEL' });
      callback.searchParams.delete('code');
      const cancelled = new URL((await visit(callback)).headers.location as string);
      expect(cancelled.searchParams.get('login_err_msg')).toBe('您已取消授权');

      const snapshot = await socialLogin('wechat', { openid: 'SNAPSHOT', snapshotUser: true });
      expect(snapshot.searchParams.get('login_err_msg')).toBe('请在微信客户端中打开页面后再授权');
    });
  });

  describe('state', () => {
    it('refuses a tampered state without redirecting anywhere', async () => {
      const callback = await authorize('qq', { openid: 'QQ-TAMPER' });
      const [body, signature] = callback.searchParams.get('data')!.split('.');
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
      payload.s = 'https://evil.example/steal';
      const forged = new URL(callback);
      forged.searchParams.set(
        'data',
        `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`,
      );
      for (const data of [
        forged.searchParams.get('data')!,
        `${body}.${'A'.repeat(signature.length)}`,
        `${body}.${signature}.x`,
        'garbage',
      ]) {
        const url = new URL(callback);
        url.searchParams.set('data', data);
        const res = await visit(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers.location).toBeUndefined();
        expect(res.json()).toEqual({ code: 1, message: '授权登录失败[1001]', data: [] });
      }
      const missing = new URL(callback);
      missing.searchParams.delete('data');
      expect((await visit(missing)).json()).toEqual({ code: 1, message: '参数错误', data: [] });
    });

    it('refuses a QQ state on the WeChat callback', async () => {
      const callback = await authorize('qq', { openid: 'QQ-CROSS' });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v3/auth/login/wechat/callback${callback.search}`,
      });
      expect(res.json()).toEqual({ code: 1, message: '授权登录失败[1001]', data: [] });
    });

    it('sends an expired state to f_url', async () => {
      const callback = await authorize('qq', { openid: 'QQ-SLOW' });
      clockOffsetMs = 601_000;
      const landed = new URL((await visit(callback)).headers.location as string);
      expect(landed.origin + landed.pathname).toBe(F_URL);
      expect(landed.searchParams.get('login_err_msg')).toBe('授权已过期，请重新登录');
    });

    it('refuses a state tag that does not belong to the data, and a replayed callback', async () => {
      const callback = await authorize('qq', { openid: 'QQ-TAG' });
      const wrongTag = new URL(callback);
      wrongTag.searchParams.set('state', '0'.repeat(32));
      const refused = new URL((await visit(wrongTag)).headers.location as string);
      expect(refused.searchParams.get('login_err_msg')).toBe('授权登录失败[1001]');

      const good = await visit(callback);
      expect(new URL(good.headers.location as string).searchParams.get('login_code')).toMatch(/^\w{32}$/);
      const replay = new URL((await visit(callback)).headers.location as string);
      expect(replay.searchParams.get('login_err_msg')).toBe('授权登录失败[1001]');
      expect(replay.searchParams.has('login_code')).toBe(false);
    });
  });

  describe('bind mobile after a social login', () => {
    beforeEach(() => t.services.settings.set('member.enabled_mobile_bind_alert', '1'));

    it('asks for a mobile, keeps the code, then registers the member with it', async () => {
      const code = await loginCodeOf('wechat', {
        openid: 'WX-NEEDS-MOBILE',
        unionid: 'WX-U-1',
        nickname: '阿花',
      });
      const asked = await exchange(code);
      expect(asked).toMatchObject({ code: 0, message: '' });
      expect(asked.data).toEqual({ success: 0, action: 'bind_mobile', code });
      expect((await exchange(code)).data).toEqual({ success: 0, action: 'bind_mobile', code });

      const mobile = nextMobile();
      const register = (payload: Record<string, unknown>) =>
        t.request<{ token: string }>({ method: 'POST', url: '/api/v3/auth/register/withSocialite', payload });
      expect((await register({ mobile, code })).message).toBe('短信验证码错误');
      expect((await register({ code, mobile_code: '123456' })).message).toBe('参数错误');
      expect((await register({ mobile, mobile_code: '123456' })).message).toBe('参数错误');

      const loginScene = await t.sendSms(mobile, 'login');
      expect((await register({ mobile, code, mobile_code: loginScene })).message).toBe('短信验证码错误');
      await t.allowNextSms(mobile);
      const smsCode = await t.sendSms(mobile, 'mobile_bind');
      const done = await register({ mobile, code, mobile_code: smsCode });
      expect(done.code).toBe(0);
      expect(Object.keys(done.data)).toEqual(['token']);
      const me = (await detail(done.data.token)).data;
      expect(me.mobile).toBe(mobile);
      expect(me.is_bind_mobile).toBe(1);
      expect(me.is_bind_wechat).toBe(1);
      expect(me.nick_name).toMatch(/^阿花_\w{3}$/);

      expect((await exchange(code)).message).toBe('已过期');
      const later = await exchange(
        await loginCodeOf('wechat', { openid: 'WX-NEEDS-MOBILE', unionid: 'WX-U-1' }),
      );
      expect(later.data.success).toBe(1);
      expect((await detail(later.data.token as string)).data.id).toBe(me.id);
    });

    it('joins the member who already owns the verified mobile', async () => {
      const mobile = nextMobile();
      const existing = (await detail(await t.loginBySms(mobile))).data;
      const code = await loginCodeOf('qq', { openid: 'QQ-JOINS' });
      await t.allowNextSms(mobile);
      const smsCode = await t.sendSms(mobile, 'mobile_bind');
      const done = await t.request<{ token: string }>({
        method: 'POST',
        url: '/api/v3/auth/register/withSocialite',
        payload: { mobile, code, mobile_code: smsCode },
      });
      expect(done.code).toBe(0);
      const me = (await detail(done.data.token)).data;
      expect(me.id).toBe(existing.id);
      expect(me.is_bind_qq).toBe(1);
    });

    it('refuses to join a member who already has another account of that vendor', async () => {
      const mobile = nextMobile();
      const token = await t.loginBySms(mobile);
      const id = (await detail(token)).data.id;
      await t.services.db
        .insertInto('socialites')
        .values({ user_id: id, app: 'qq', app_user_id: 'QQ-FIRST' })
        .execute();
      const code = await loginCodeOf('qq', { openid: 'QQ-SECOND' });
      await t.allowNextSms(mobile);
      const smsCode = await t.sendSms(mobile, 'mobile_bind');
      const res = await t.request({
        method: 'POST',
        url: '/api/v3/auth/register/withSocialite',
        payload: { mobile, code, mobile_code: smsCode },
      });
      expect(res).toMatchObject({ code: 1, message: '该手机号已绑定其它同渠道账号' });
    });

    it('does not accept a bind code for registration', async () => {
      const token = await t.loginBySms(nextMobile());
      const bindCode = await loginCodeOf(
        'qq',
        { openid: 'QQ-BIND-NOT-LOGIN' },
        { action: 'bind', ticket: await bindTicket(token) },
      );
      expect((await exchange(bindCode)).message).toBe('参数错误');
    });
  });

  describe('binding from the profile', () => {
    const bind = (code: unknown, token?: string) =>
      t.request({ method: 'POST', url: '/api/v3/member/socialite/bindWithCode', payload: { code }, token });

    it('binds the vendor account to the member who started the bind, and only to them', async () => {
      const alice = await t.loginBySms(nextMobile());
      const bob = await t.loginBySms(nextMobile());
      const profile = `${H5}/member/profile`;
      const landed = await socialLogin(
        'qq',
        { openid: 'QQ-ALICE' },
        { s_url: profile, f_url: profile, action: 'bind', ticket: await bindTicket(alice) },
      );
      expect(landed.origin + landed.pathname).toBe(profile);
      expect(landed.searchParams.get('action')).toBe('bind');
      const code = landed.searchParams.get('login_code')!;

      expect((await bind(code)).code).toBe(401);
      expect(await bind(code, bob)).toMatchObject({ code: 1, message: '参数错误' });
      expect(await bind(code, alice)).toEqual({ code: 0, message: '', data: [], statusCode: 200 });
      expect((await detail(alice)).data.is_bind_qq).toBe(1);
      expect((await detail(bob)).data.is_bind_qq).toBe(0);
      expect((await bind(code, alice)).message).toBe('已过期');
    });

    it('needs a valid, unused bind ticket — never the login token — or the browser goes to f_url with 请登录', async () => {
      const member = await t.loginBySms(nextMobile());
      const used = await bindTicket(member);
      await start('qq', { s_url: S_URL, f_url: F_URL, action: 'bind', ticket: used });
      expect((await t.request({ method: 'POST', url: '/api/v3/member/socialite/bindTicket' })).code).toBe(
        401,
      );
      const attempts: Record<string, string>[] = [
        {},
        { ticket: 'x'.repeat(32) },
        { ticket: used },
        { token: member },
      ];
      for (const credentials of attempts) {
        const res = await start('qq', { s_url: S_URL, f_url: F_URL, action: 'bind', ...credentials });
        expect(res.statusCode).toBe(302);
        const landed = new URL(res.headers.location as string);
        expect(landed.origin + landed.pathname).toBe(F_URL);
        expect(landed.searchParams.get('login_err_msg')).toBe('请登录');
        expect(landed.searchParams.get('action')).toBe('bind');
      }
    });

    it('refuses identities bound elsewhere and a second account of the same vendor', async () => {
      const carol = await t.loginBySms(nextMobile());
      const dave = await t.loginBySms(nextMobile());
      const carolId = (await detail(carol)).data.id;
      await t.services.db
        .insertInto('socialites')
        .values({ user_id: carolId, app: 'wechat', app_user_id: 'WX-CAROL', union_id: 'WX-U-CAROL' })
        .execute();
      const bindCode = async (identity: FakeIdentity, token: string) =>
        loginCodeOf('wechat', identity, {
          action: 'bind',
          ticket: await bindTicket(token),
          s_url: S_URL,
          f_url: F_URL,
        });

      expect((await bind(await bindCode({ openid: 'WX-CAROL' }, dave), dave)).message).toBe(
        '当前渠道账号已绑定了其它账号',
      );
      expect(
        (await bind(await bindCode({ openid: 'WX-OTHER-APP', unionid: 'WX-U-CAROL' }, dave), dave)).message,
      ).toBe('同渠道账号已绑定其它用户');
      expect((await bind(await bindCode({ openid: 'WX-CAROL-2' }, carol), carol)).message).toBe(
        '您已经绑定了该渠道的账号',
      );
      expect((await bind(await loginCodeOf('wechat', { openid: 'WX-LOGIN-CODE' }), dave)).message).toBe(
        '参数错误',
      );
      expect((await bind(undefined, dave)).message).toBe('参数错误');
    });
  });
  describe('login CSRF: the code belongs to the browser that started the flow', () => {
    const exchangeFrom = (code: string, headers: Record<string, string>) =>
      t.app
        .inject({ method: 'POST', url: '/api/v3/auth/login/code', payload: { code }, headers })
        .then((res) => res.json() as { code: number; message: string; data: { success?: number } });

    it("refuses an attacker's login_code link opened in the victim's h5", async () => {
      browserCookie = '';
      const attackersCode = await loginCodeOf('qq', { openid: 'QQ-ATTACKER' });
      const attackerCookie = browserCookie;
      expect(attackerCookie).toMatch(/^kezhan_oauth=[\w-]{32}$/);
      // The victim's h5 (same origin) with no OAuth cookie, or with one of its own.
      for (const headers of <Record<string, string>[]>[
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'same-origin', cookie: `kezhan_oauth=${'v'.repeat(32)}` },
        { cookie: `kezhan_oauth=${'v'.repeat(32)}` },
      ])
        expect(await exchangeFrom(attackersCode, headers)).toMatchObject({
          code: 1,
          message: '授权已失效，请重新登录',
        });
      // The browser that started it still can.
      const own = await exchangeFrom(attackersCode, {
        'sec-fetch-site': 'same-origin',
        cookie: attackerCookie,
      });
      expect(own).toMatchObject({ code: 0, data: { success: 1 } });
    });

    /** How a page of this site shows itself, whatever the browser sends of these. */
    const PAGES_OF_THIS_SITE: Record<string, Record<string, string>> = {
      'a current browser (Sec-Fetch-Site)': { 'sec-fetch-site': 'same-origin' },
      'an older Safari (Origin only)': { origin: 'http://api.test' },
      'a page on the host the request went to (Origin)': { origin: 'http://localhost' },
      'a webview sending only a Referer': { referer: 'http://api.test/member?login_code=x&action=login' },
      'a webview sending nothing but the h5’s own header': { 'x-kezhan-browser-binding': '1' },
    };
    const registerFrom = (code: string, headers: Record<string, string>) =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/v3/auth/register/withSocialite',
          payload: { code, mobile: '13900000000', mobile_code: '000000' },
          headers,
        })
        .then((res) => res.json() as { code: number; message: string });

    it('holds every page of this site to the cookie, on both exchanges, whatever headers it sends', async () => {
      browserCookie = '';
      await t.services.settings.set('member.enabled_mobile_bind_alert', '1');
      const attackersCode = await loginCodeOf('qq', { openid: 'QQ-ATTACKER-OLD-SAFARI' });
      const attackerCookie = browserCookie;
      const victimsOwnCookie = `kezhan_oauth=${'v'.repeat(32)}`;
      for (const [page, headers] of Object.entries(PAGES_OF_THIS_SITE)) {
        for (const cookie of [undefined, victimsOwnCookie]) {
          const sent = cookie ? { ...headers, cookie } : headers;
          expect(await exchangeFrom(attackersCode, sent), `${page} ${cookie ?? 'no cookie'}`).toMatchObject({
            code: 1,
            message: '授权已失效，请重新登录',
          });
          expect(await registerFrom(attackersCode, sent), `${page} ${cookie ?? 'no cookie'}`).toMatchObject({
            code: 1,
            message: '授权已失效，请重新登录',
          });
        }
        // With the cookie of the browser that started the flow, the same page gets through.
        expect(await registerFrom(attackersCode, { ...headers, cookie: attackerCookie })).toMatchObject({
          code: 1,
          message: '短信验证码错误',
        });
        expect(await exchangeFrom(attackersCode, { ...headers, cookie: attackerCookie })).toMatchObject({
          code: 0,
          data: { success: 0, action: 'bind_mobile' },
        });
      }
    });

    it('still lets clients that cannot hold our cookie exchange (native apps, a PC site on another origin)', async () => {
      for (const headers of <Record<string, string>[]>[
        {},
        { origin: 'https://pc.extra.test' },
        { origin: 'https://pc.extra.test', 'sec-fetch-site': 'cross-site' },
      ]) {
        browserCookie = '';
        const code = await loginCodeOf('qq', { openid: 'QQ-NATIVE-APP' });
        expect(await exchangeFrom(code, headers)).toMatchObject({ code: 0, data: { success: 1 } });
      }
    });

    it("refuses an attacker's callback URL opened in the victim's browser", async () => {
      browserCookie = '';
      const callback = await authorize('qq', { openid: 'QQ-ATTACKER-2' });
      const victim = await t.app.inject({
        method: 'GET',
        url: callback.pathname + callback.search,
        headers: { cookie: `kezhan_oauth=${'w'.repeat(32)}` },
      });
      const landed = new URL(victim.headers.location as string);
      expect(landed.searchParams.get('login_code')).toBeNull();
      expect(landed.searchParams.get('login_err_msg')).toBe('授权已失效，请重新登录');
    });

    it('sets the binding cookie HttpOnly, SameSite=Lax, under /api/v3/ only', async () => {
      browserCookie = '';
      const started = await start('qq', { s_url: S_URL, f_url: F_URL, action: 'login' });
      expect(String(started.headers['set-cookie'])).toMatch(
        /^kezhan_oauth=[\w-]{32}; Path=\/api\/v3\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/,
      );
    });
  });
});
