import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, usingPostgres, type TestApp } from '../../../test/test-app';

describe('POST /api/v2/captcha/sms', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  const captchaKey = async () =>
    (await t.request<{ key: string }>({ method: 'GET', url: '/api/v2/captcha/image' })).data.key;
  const send = async (payload: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/v2/captcha/sms',
      payload: { image_key: await captchaKey(), ...payload },
    });
  const login = (mobile: string, code: string) =>
    t.request<{ token: string }>({
      method: 'POST',
      url: '/api/v2/login/mobile',
      payload: { mobile, mobile_code: code },
    });

  it.each([
    [{ image_captcha: TEST_CAPTCHA, scene: 'login' }, '请输入手机号'],
    [{ mobile: '  ', image_captcha: TEST_CAPTCHA, scene: 'login' }, '请输入手机号'],
    [{ mobile: '13900000010', scene: 'login' }, '请输入图形验证码'],
    [{ mobile: '13900000010', image_captcha: TEST_CAPTCHA }, '参数错误'],
    [{ mobile: '13900000010', image_captcha: TEST_CAPTCHA, scene: 'admin' }, '参数错误'],
    [{ mobile: { $ne: 1 }, image_captcha: TEST_CAPTCHA, scene: 'login' }, '请输入手机号'],
    [{ scene: 'login' }, '请输入手机号,请输入图形验证码'],
  ])('rejects %j with “%s”', async (payload, message) => {
    expect(await send(payload)).toMatchObject({ statusCode: 200, code: 1, message, data: [] });
  });

  it('rejects a missing image key with 参数错误', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v2/captcha/sms',
      payload: { mobile: '13900000010', image_captcha: TEST_CAPTCHA, scene: 'login' },
    });
    expect(res.message).toBe('参数错误');
  });

  it('rejects a wrong image captcha with 图形验证码错误 and sends nothing', async () => {
    const before = t.smsLines.length;
    expect(await send({ mobile: '13900000011', image_captcha: 'zzzz', scene: 'login' })).toMatchObject({
      code: 1,
      message: '图形验证码错误',
    });
    expect(t.smsLines.length).toBe(before);
  });

  it('sends a 6-digit code, prints the dev log line and records the SMS', async () => {
    const res = await send({ mobile: '13900000012', image_captcha: TEST_CAPTCHA, scene: 'login' });
    expect(res).toMatchObject({ code: 0, message: '', data: [] });
    expect(t.smsLines.at(-1)).toMatch(/^\[sms\] mobile=13900000012 scene=login code=\d{6}$/);
    const record = await t.services.db
      .selectFrom('sms_records')
      .selectAll()
      .where('mobile', '=', '13900000012')
      .execute();
    expect(record).toHaveLength(1);
    expect(record[0]).toMatchObject({ scene: 'login', provider: 'log', status: 'sent' });
    expect(await t.services.store.ttl('sms:code:login:13900000012')).toBeGreaterThan(295);
  });

  it('sends at most one SMS per mobile per 60 seconds', async () => {
    expect((await send({ mobile: '13900000013', image_captcha: TEST_CAPTCHA, scene: 'login' })).code).toBe(0);
    const again = await send({ mobile: '13900000013', image_captcha: TEST_CAPTCHA, scene: 'mobile_bind' });
    expect(again).toMatchObject({ code: 1, message: '短信发送过于频繁，请稍后再试' });
    if (!usingPostgres) {
      clock += 61_000;
      expect((await send({ mobile: '13900000013', image_captcha: TEST_CAPTCHA, scene: 'login' })).code).toBe(
        0,
      );
    } else {
      expect(await t.services.store.ttl('sms:cooldown:13900000013')).toBeLessThanOrEqual(60);
    }
  });

  it('binds a code to its scene: a login code does not serve another scene, and vice versa', async () => {
    const loginCode = await t.sendSms('13900000014', 'login');
    await expect(t.services.smsCodes.verify('13900000014', loginCode, ['password_reset'])).rejects.toThrow(
      '短信验证码错误',
    );
    await expect(t.services.smsCodes.verify('13900000014', loginCode, ['mobile_bind'])).rejects.toThrow(
      '短信验证码错误',
    );
    expect((await login('13900000014', loginCode)).code).toBe(0);

    const bindCode = await t.sendSms('13900000015', 'mobile_bind');
    expect(await login('13900000015', bindCode)).toMatchObject({ code: 1, message: '短信验证码错误' });
  });

  it('makes a code single use', async () => {
    const code = await t.sendSms('13900000016');
    expect((await login('13900000016', code)).code).toBe(0);
    expect(await login('13900000016', code)).toMatchObject({ code: 1, message: '短信验证码错误' });
  });

  it('discards the code after 10 wrong tries', async () => {
    const code = await t.sendSms('13900000017');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i += 1) {
      expect((await login('13900000017', wrong)).message).toBe('短信验证码错误');
    }
    expect(await login('13900000017', code)).toMatchObject({ code: 1, message: '短信验证码错误' });
  });

  it('accepts the right code after fewer than 10 wrong tries', async () => {
    const code = await t.sendSms('13900000018');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 9; i += 1) await login('13900000018', wrong);
    expect((await login('13900000018', code)).code).toBe(0);
  });

  it.runIf(!usingPostgres)('expires a code after 300 seconds', async () => {
    const code = await t.sendSms('13900000019');
    clock += 301_000;
    expect((await login('13900000019', code)).message).toBe('短信验证码错误');
  });

  it('lets only one of two concurrent logins use the same code', async () => {
    const code = await t.sendSms('13900000020');
    const results = await Promise.all([login('13900000020', code), login('13900000020', code)]);
    expect(results.map((r) => r.code).sort()).toEqual([0, 1]);
  });
});
