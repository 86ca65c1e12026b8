import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

type Detail = {
  id: number;
  nick_name: string;
  mobile: string;
  is_set_nickname: number;
  is_password_set: number;
  is_bind_mobile: number;
  is_bind_qq: number;
  is_bind_wechat: number;
};

describe('member profile: nickname, password, mobile, social bindings', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  /** Tests send several codes to one mobile: skip the 60 s resend cooldown (a Redis TTL on PostgreSQL runs). */
  const skipCooldown = (mobile: string) => t.services.store.delete(`sms:cooldown:${mobile}`);
  const sms = async (mobile: string, scene = 'login') => {
    await skipCooldown(mobile);
    return t.sendSms(mobile, scene);
  };
  const login = async (mobile: string) => {
    await skipCooldown(mobile);
    return t.loginBySms(mobile);
  };
  const post = <T = unknown>(
    url: string,
    payload: unknown,
    token?: string,
    method: 'POST' | 'PUT' | 'DELETE' = 'POST',
  ) => t.request<T>({ method, url, payload: payload as Record<string, unknown>, token });
  const detail = async (token: string) =>
    (await t.request<Detail>({ method: 'GET', url: '/api/v2/member/detail', token })).data;
  const messagesOf = async (userId: number) =>
    (
      await t.services.db
        .selectFrom('notifications')
        .select('message')
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute()
    ).map((r) => r.message);

  /** A member who signed up through QQ: fake 9-digit mobile, no real one. */
  async function socialOnlyMember(fakeMobile: string, apps: string[] = ['qq']) {
    const user = await t.services.db
      .insertInto('users')
      .values({ mobile: fakeMobile, nick_name: `social_${fakeMobile}`, password: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const app of apps) {
      await t.services.db
        .insertInto('socialites')
        .values({ user_id: user.id, app, app_user_id: `${app}-${fakeMobile}` })
        .execute();
    }
    const issued = t.services.tokens.issue(user.id, 'http://api.test/test');
    const record = await t.services.db
      .insertInto('user_login_records')
      .values({ user_id: user.id, jti: issued.jti, expires_at: issued.expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.services.db
      .updateTable('users')
      .set({ last_login_id: record.id })
      .where('id', '=', user.id)
      .execute();
    return { id: user.id, token: issued.token };
  }

  describe('POST /api/v2/member/detail/nickname', () => {
    it('validates: required, at most 24 characters (counted as characters, not bytes)', async () => {
      const token = await login('13300000001');
      expect(await post('/api/v2/member/detail/nickname', {}, token)).toMatchObject({
        code: 1,
        message: '请输入昵称',
      });
      expect(await post('/api/v2/member/detail/nickname', { nick_name: '   ' }, token)).toMatchObject({
        code: 1,
        message: '请输入昵称',
      });
      expect(await post('/api/v2/member/detail/nickname', { nick_name: ['a'] }, token)).toMatchObject({
        code: 1,
        message: '请输入昵称',
      });
      expect(
        await post('/api/v2/member/detail/nickname', { nick_name: '字'.repeat(25) }, token),
      ).toMatchObject({ code: 1, message: '昵称不能超过24个字符' });
      expect(
        await post('/api/v2/member/detail/nickname', { nick_name: 'x'.repeat(5000) }, token),
      ).toMatchObject({ code: 1, message: '昵称不能超过24个字符' });
      expect((await detail(token)).is_set_nickname).toBe(0);
    });

    it('sets the nickname once (24 Chinese characters fit), then refuses a second change', async () => {
      const token = await login('13300000002');
      const name = '课'.repeat(24);
      expect(await post('/api/v2/member/detail/nickname', { nick_name: `  ${name} ` }, token)).toMatchObject({
        statusCode: 200,
        code: 0,
        message: '',
        data: [],
      });
      expect(await detail(token)).toMatchObject({ nick_name: name, is_set_nickname: 1 });
      expect(await post('/api/v2/member/detail/nickname', { nick_name: '新名字' }, token)).toMatchObject({
        code: 1,
        message: '当前用户已配置昵称',
      });
    });

    it('refuses a nickname another member uses', async () => {
      const first = await login('13300000003');
      const second = await login('13300000004');
      expect((await post('/api/v2/member/detail/nickname', { nick_name: '小明' }, first)).code).toBe(0);
      expect(await post('/api/v2/member/detail/nickname', { nick_name: '小明' }, second)).toMatchObject({
        code: 1,
        message: '昵称已经存在',
      });
      expect((await detail(second)).is_set_nickname).toBe(0);
    });
  });

  describe('POST /api/v2/member/detail/password', () => {
    const mobile = '13300000010';
    let token: string;
    beforeAll(async () => {
      token = await login(mobile);
    });

    it('validates each field with its own message', async () => {
      expect(await post('/api/v2/member/detail/password', {}, token)).toMatchObject({
        code: 1,
        message: '请输入手机号,请输入短信验证码,请输入密码',
      });
      expect(
        await post(
          '/api/v2/member/detail/password',
          { mobile, mobile_code: '123456', password: '123' },
          token,
        ),
      ).toMatchObject({ code: 1, message: '密码长度不能少于6个字符' });
      expect(
        await post(
          '/api/v2/member/detail/password',
          { mobile, mobile_code: '123456', password: 'x'.repeat(17) },
          token,
        ),
      ).toMatchObject({ code: 1, message: '密码长度不能多于16个字符' });
    });

    it('refuses a code sent for login (codes are bound to their scene) and a wrong code', async () => {
      const loginCode = await sms(mobile, 'login');
      expect(
        await post(
          '/api/v2/member/detail/password',
          { mobile, mobile_code: loginCode, password: 'newpass123' },
          token,
        ),
      ).toMatchObject({ code: 1, message: '短信验证码错误' });
      const bindCode = await sms(mobile, 'mobile_bind');
      expect(
        await post(
          '/api/v2/member/detail/password',
          { mobile, mobile_code: bindCode, password: 'newpass123' },
          token,
        ),
      ).toMatchObject({ code: 1, message: '短信验证码错误' });
      expect(
        await post(
          '/api/v2/member/detail/password',
          { mobile, mobile_code: '000000', password: 'newpass123' },
          token,
        ),
      ).toMatchObject({ code: 1, message: '短信验证码错误' });
      expect((await detail(token)).is_password_set).toBe(0);
    });

    it('refuses a code proving someone else’s mobile: 请绑定手机号', async () => {
      const other = '13300000011';
      await login(other);
      const code = await sms(other, 'password_reset');
      expect(
        await post(
          '/api/v2/member/detail/password',
          { mobile: other, mobile_code: code, password: 'newpass123' },
          token,
        ),
      ).toMatchObject({ code: 1, message: '请绑定手机号' });
    });

    it('sets the password, writes a message, signs out other sessions and lets the member log in with it', async () => {
      const otherSession = await login(mobile);
      const code = await sms(mobile, 'password_reset');
      const res = await post(
        '/api/v2/member/detail/password',
        { mobile, mobile_code: code, password: 'Kezhan-2024' },
        token,
      );
      expect(res).toMatchObject({ statusCode: 200, code: 0, message: '', data: [] });
      const me = await detail(token);
      expect(me.is_password_set).toBe(1);
      expect(await messagesOf(me.id)).toContain('密码修改成功');
      expect(
        (await t.request({ method: 'GET', url: '/api/v2/member/detail', token: otherSession })).code,
      ).toBe(401);
      const passwordLogin = await post<{ token: string }>('/api/v2/login/password', {
        mobile,
        password: 'Kezhan-2024',
      });
      expect(passwordLogin.code).toBe(0);
      expect(typeof passwordLogin.data.token).toBe('string');
      expect((await post('/api/v2/login/password', { mobile, password: 'wrong-one' })).message).toBe(
        '手机号或密码错误',
      );
      // The code was single-use.
      expect(
        await post(
          '/api/v2/member/detail/password',
          { mobile, mobile_code: code, password: 'Another-2024' },
          token,
        ),
      ).toMatchObject({ code: 1, message: '短信验证码错误' });
    });
  });

  describe('POST /api/v2/member/detail/mobile (bind)', () => {
    it('binds a mobile to an account that has none, accepting the token from the body', async () => {
      const member = await socialOnlyMember('234567891');
      const mobile = '13300000020';
      const code = await sms(mobile, 'mobile_bind');
      const res = await post('/api/v2/member/detail/mobile', {
        mobile,
        mobile_code: code,
        token: member.token,
      });
      expect(res).toMatchObject({ statusCode: 200, code: 0, message: '', data: [] });
      expect(await detail(member.token)).toMatchObject({ mobile, is_bind_mobile: 1 });
      expect(await messagesOf(member.id)).toContain('手机号绑定成功');
    });

    it('checks format, scene, 已绑定 and 手机号已存在', async () => {
      const member = await socialOnlyMember('234567892');
      expect(
        await post('/api/v2/member/detail/mobile', { mobile: '12345', mobile_code: '1' }, member.token),
      ).toMatchObject({ code: 1, message: '请输入正确的手机号' });
      expect(
        await post('/api/v2/member/detail/mobile', { mobile: '13300000021' }, member.token),
      ).toMatchObject({ code: 1, message: '请输入短信验证码' });
      const loginCode = await sms('13300000021', 'login');
      expect(
        await post(
          '/api/v2/member/detail/mobile',
          { mobile: '13300000021', mobile_code: loginCode },
          member.token,
        ),
      ).toMatchObject({ code: 1, message: '短信验证码错误' });
      await login('13300000022');
      const takenCode = await sms('13300000022', 'mobile_bind');
      expect(
        await post(
          '/api/v2/member/detail/mobile',
          { mobile: '13300000022', mobile_code: takenCode },
          member.token,
        ),
      ).toMatchObject({ code: 1, message: '手机号已存在' });
      const bound = await login('13300000023');
      const code = await sms('13300000024', 'mobile_bind');
      expect(
        await post('/api/v2/member/detail/mobile', { mobile: '13300000024', mobile_code: code }, bound),
      ).toMatchObject({ code: 1, message: '已绑定' });
      expect((await detail(bound)).mobile).toBe('13300000023');
    });
  });

  describe('POST /api/v2/member/verify + PUT /api/v2/member/mobile (change)', () => {
    const oldMobile = '13300000030';
    const newMobile = '13300000031';
    let token: string;
    let memberId: number;
    beforeAll(async () => {
      token = await login(oldMobile);
      memberId = (await detail(token)).id;
    });

    const verify = async (mobile: string, scene = 'mobile_bind', as = token) => {
      const code = await sms(mobile, scene);
      return post<{ sign: string }>('/api/v2/member/verify', { mobile, mobile_code: code }, as);
    };
    const change = async (sign: string, mobile = newMobile, as = token) => {
      const code = await sms(mobile, 'mobile_bind');
      return post('/api/v2/member/mobile', { mobile, mobile_code: code, sign }, as, 'PUT');
    };

    it('verify: needs a mobile_bind code for the member’s own mobile', async () => {
      expect(await post('/api/v2/member/verify', {}, token)).toMatchObject({
        code: 1,
        message: '请输入手机号,请输入短信验证码',
      });
      expect(await verify(oldMobile, 'login')).toMatchObject({ code: 1, message: '短信验证码错误' });
      expect(await verify('13300000039')).toMatchObject({ code: 1, message: '参数错误' });
      const ok = await verify(oldMobile);
      expect(ok).toMatchObject({ code: 0, message: '' });
      expect(Object.keys(ok.data)).toEqual(['sign']);
      expect(ok.data.sign).toMatch(/^[\w-]{32}$/);
    });

    it('change: refuses a missing, forged or expired sign with 参数错误', async () => {
      expect(
        await post('/api/v2/member/mobile', { mobile: newMobile, mobile_code: '123456' }, token, 'PUT'),
      ).toMatchObject({ code: 1, message: '参数错误' });
      expect(await change('forged-sign')).toMatchObject({ code: 1, message: '参数错误' });
      expect(await change('A'.repeat(32))).toMatchObject({ code: 1, message: '参数错误' });
      const { sign } = (await verify(oldMobile)).data;
      clock += 10 * 60_000;
      expect(await change(sign)).toMatchObject({ code: 1, message: '参数错误' });
      expect((await detail(token)).mobile).toBe(oldMobile);
    });

    it('change: another member cannot use my sign', async () => {
      const { sign } = (await verify(oldMobile)).data;
      const other = await login('13300000032');
      expect(await change(sign, '13300000033', other)).toMatchObject({ code: 1, message: '参数错误' });
      expect((await detail(other)).mobile).toBe('13300000032');
    });

    it('change: checks format, the new number’s code (scene bound) and uniqueness, keeping the sign for a retry', async () => {
      const { sign } = (await verify(oldMobile)).data;
      expect(
        await post('/api/v2/member/mobile', { mobile: '999', mobile_code: '1', sign }, token, 'PUT'),
      ).toMatchObject({ code: 1, message: '请输入正确的手机号' });
      const loginCode = await sms(newMobile, 'login');
      expect(
        await post(
          '/api/v2/member/mobile',
          { mobile: newMobile, mobile_code: loginCode, sign },
          token,
          'PUT',
        ),
      ).toMatchObject({ code: 1, message: '短信验证码错误' });
      expect(await change(sign, '13300000032')).toMatchObject({ code: 1, message: '手机号已存在' });
      expect(await change(sign, oldMobile)).toMatchObject({ code: 1, message: '手机号已存在' });
      expect(await change(sign)).toMatchObject({ statusCode: 200, code: 0, message: '', data: [] });
      expect((await detail(token)).mobile).toBe(newMobile);
      expect(await messagesOf(memberId)).toContain('手机号已更换为133****0031');
      // Single use, and the old mobile is free for anyone now.
      expect(await change(sign, '13300000034')).toMatchObject({ code: 1, message: '参数错误' });
      const newcomer = await login(oldMobile);
      expect((await detail(newcomer)).id).not.toBe(memberId);
    });

    it('change: a sign stops working once the mobile it proved is no longer the member’s', async () => {
      const { sign } = (await verify(newMobile)).data;
      const second = (await verify(newMobile)).data.sign;
      expect((await change(second, '13300000035')).code).toBe(0);
      expect(await change(sign, '13300000036')).toMatchObject({ code: 1, message: '参数错误' });
    });
  });

  describe('DELETE /api/v2/member/socialite/{app}', () => {
    it('removes my own binding only, and is fine when there is none', async () => {
      const token = await login('13300000040');
      const me = await detail(token);
      const other = await socialOnlyMember('234567893', ['qq', 'wechat']);
      await t.services.db
        .insertInto('socialites')
        .values({ user_id: me.id, app: 'qq', app_user_id: 'qq-mine' })
        .execute();
      expect((await detail(token)).is_bind_qq).toBe(1);
      expect(await post('/api/v2/member/socialite/qq', undefined, token, 'DELETE')).toMatchObject({
        statusCode: 200,
        code: 0,
        message: '',
        data: [],
      });
      expect((await detail(token)).is_bind_qq).toBe(0);
      expect(await detail(other.token)).toMatchObject({ is_bind_qq: 1, is_bind_wechat: 1 });
      expect((await post('/api/v2/member/socialite/wechat', undefined, token, 'DELETE')).code).toBe(0);
    });

    it('answers 参数错误 for an unknown app', async () => {
      const token = await login('13300000041');
      for (const app of ['weibo', 'QQX', '1']) {
        expect(await post(`/api/v2/member/socialite/${app}`, undefined, token, 'DELETE'), app).toMatchObject({
          code: 1,
          message: '参数错误',
        });
      }
    });

    it('refuses to remove the last way a social-only member can log in', async () => {
      const single = await socialOnlyMember('234567894', ['qq']);
      expect(await post('/api/v2/member/socialite/qq', undefined, single.token, 'DELETE')).toMatchObject({
        code: 1,
        message: '请先绑定手机号，再解除绑定',
      });
      expect((await detail(single.token)).is_bind_qq).toBe(1);
      const both = await socialOnlyMember('234567895', ['qq', 'wechat']);
      expect((await post('/api/v2/member/socialite/qq', undefined, both.token, 'DELETE')).code).toBe(0);
      expect(await post('/api/v2/member/socialite/wechat', undefined, both.token, 'DELETE')).toMatchObject({
        code: 1,
        message: '请先绑定手机号，再解除绑定',
      });
    });
  });

  it('requires a login on every profile endpoint', async () => {
    const calls: [string, 'POST' | 'PUT' | 'DELETE'][] = [
      ['/api/v2/member/detail/nickname', 'POST'],
      ['/api/v2/member/detail/password', 'POST'],
      ['/api/v2/member/detail/mobile', 'POST'],
      ['/api/v2/member/verify', 'POST'],
      ['/api/v2/member/mobile', 'PUT'],
      ['/api/v3/member/destroy', 'POST'],
      ['/api/v2/member/socialite/qq', 'DELETE'],
    ];
    for (const [url, method] of calls) {
      expect(await post(url, { token: 'not-a-token' }, undefined, method), url).toMatchObject({
        statusCode: 200,
        code: 401,
        message: '请登录',
      });
    }
  });
});
