import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** 忘记密码: `POST /api/v2/password/reset {mobile, mobile_code, password}` (MeEdu compatible). */
describe('POST /api/v2/password/reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const reset = (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/v2/password/reset', payload });
  const passwordLogin = (mobile: string, password: string) =>
    t.request<{ token: string }>({
      method: 'POST',
      url: '/api/v2/login/password',
      payload: { mobile, password },
    });
  const sms = async (mobile: string, scene: string) => {
    await t.allowNextSms(mobile);
    return t.sendSms(mobile, scene);
  };

  it('checks the fields with the same messages as the member password form', async () => {
    expect(await reset({})).toMatchObject({
      code: 1,
      message: '请输入手机号,请输入短信验证码,请输入密码',
      data: [],
    });
    expect(await reset({ mobile: '13900000001', mobile_code: '123456', password: '123' })).toMatchObject({
      code: 1,
      message: '密码长度不能少于6个字符',
    });
  });

  it('refuses a wrong code, and a code sent for another scene', async () => {
    const mobile = '13900000002';
    await t.loginBySms(mobile);
    const loginCode = await sms(mobile, 'login');
    expect((await reset({ mobile, mobile_code: loginCode, password: 'newpass123' })).code).toBe(1);
    expect((await reset({ mobile, mobile_code: '000000', password: 'newpass123' })).code).toBe(1);
    expect((await passwordLogin(mobile, 'newpass123')).code).toBe(1);
  });

  it('tells a proven but unknown mobile that it is not registered', async () => {
    const mobile = '13900000003';
    const code = await sms(mobile, 'password_reset');
    expect(await reset({ mobile, mobile_code: code, password: 'newpass123' })).toMatchObject({
      code: 1,
      message: '该手机号未注册',
    });
    const exists = await t.services.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', mobile)
      .execute();
    expect(exists).toHaveLength(0);
  });

  it('sets the password, signs out every session, clears failures and lets the member log in with it', async () => {
    const mobile = '13900000004';
    const oldToken = await t.loginBySms(mobile);
    for (let i = 0; i < 3; i++) expect((await passwordLogin(mobile, 'guess-wrong')).code).toBe(1);
    const code = await sms(mobile, 'password_reset');
    expect(await reset({ mobile, mobile_code: code, password: 'newpass123' })).toMatchObject({
      code: 0,
      data: [],
    });
    // the code serves once
    expect((await reset({ mobile, mobile_code: code, password: 'other12345' })).code).toBe(1);

    const old = await t.request({ method: 'GET', url: '/api/v2/member/detail', token: oldToken });
    expect(old.code).toBe(401);
    const login = await passwordLogin(mobile, 'newpass123');
    expect(login.code).toBe(0);
    const detail = await t.request<{ id: number; is_password_set: number }>({
      method: 'GET',
      url: '/api/v2/member/detail',
      token: login.data.token,
    });
    expect(detail.data.is_password_set).toBe(1);
    const messages = await t.services.db
      .selectFrom('notifications')
      .select('message')
      .where('user_id', '=', detail.data.id)
      .execute();
    expect(messages.map((m) => m.message)).toContain('密码修改成功');
  });
});
