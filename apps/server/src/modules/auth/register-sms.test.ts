import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

describe('POST /api/v2/register/sms (PC sign-up)', () => {
  let t: TestApp;
  const register = (payload: object) => t.request({ method: 'POST', url: '/api/v2/register/sms', payload });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the member with the chosen password, who can then log in with it', async () => {
    const code = await t.sendSms('13970000001', 'register');
    expect(await register({ mobile: '13970000001', mobile_code: code, password: 'secret123' })).toMatchObject(
      {
        code: 0,
        data: [],
      },
    );
    const login = await t.request<{ token: string }>({
      method: 'POST',
      url: '/api/v2/login/password',
      payload: { mobile: '13970000001', password: 'secret123' },
    });
    expect(login.code).toBe(0);
    const user = await t.services.db
      .selectFrom('users')
      .select(['id', 'is_password_set'])
      .where('mobile', '=', '13970000001')
      .executeTakeFirstOrThrow();
    expect(user.is_password_set).toBe(1);
    const agreed = await t.services.db
      .selectFrom('agreement_user_records')
      .select('type')
      .where('user_id', '=', user.id)
      .execute();
    expect(agreed).toHaveLength(2);
  });

  it('validates the password and refuses a mobile that has an account, after the code', async () => {
    for (const [password, message] of [
      ['', '请输入密码,密码长度不能少于6个字符'],
      ['12345', '密码长度不能少于6个字符'],
      ['1'.repeat(17), '密码长度不能多于16个字符'],
    ]) {
      expect(await register({ mobile: '13970000002', mobile_code: '123456', password })).toMatchObject({
        code: 1,
        message,
      });
    }
    expect(
      await register({ mobile: '13970000001', mobile_code: '000000', password: 'secret123' }),
    ).toMatchObject({
      code: 1,
      message: '短信验证码错误',
    });
    await t.allowNextSms('13970000001');
    const code = await t.sendSms('13970000001', 'register');
    expect(await register({ mobile: '13970000001', mobile_code: code, password: 'secret123' })).toMatchObject(
      {
        code: 1,
        message: '手机号已存在',
      },
    );
  });
});
