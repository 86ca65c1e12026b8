import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, usingPostgres, type TestApp } from '../../../test/test-app';

const MOBILE = '13900000001';

describe('GET /api/v2/captcha/image', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({ withCaptchaTestCode: false, now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  const issue = () =>
    t.request<{ key: string; img: string; sensitive: boolean }>({
      method: 'GET',
      url: '/api/v2/captcha/image',
    });
  const answerOf = async (key: string) => (await t.services.store.get(`captcha:${key}`))!;
  const sendWith = (key: string, answer: string, mobile = MOBILE) =>
    t.request({
      method: 'POST',
      url: '/api/v2/captcha/sms',
      payload: { mobile, image_key: key, image_captcha: answer, scene: 'login' },
    });

  it('answers a real 120×48 PNG with a 4-character answer from the captcha alphabet', async () => {
    const res = await issue();
    expect(res.code).toBe(0);
    expect(res.data.sensitive).toBe(false);
    expect(res.data.img).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(res.data.img.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(120);
    expect(png.readUInt32BE(20)).toBe(48);
    expect(await answerOf(res.data.key)).toMatch(/^[2346789abcdefghmnpqrtuxyz]{4}$/);
    expect(await t.services.store.ttl(`captcha:${res.data.key}`)).toBeGreaterThan(295);
  });

  it('accepts the answer in any letter case', async () => {
    const { data } = await issue();
    const res = await sendWith(data.key, (await answerOf(data.key)).toUpperCase());
    expect(res).toMatchObject({ code: 0, message: '', data: [] });
  });

  it('is single use: a second check fails even with the right answer, and so does a wrong first try', async () => {
    const { data } = await issue();
    const answer = await answerOf(data.key);
    expect((await sendWith(data.key, answer, '13900000002')).code).toBe(0);
    expect(await sendWith(data.key, answer, '13900000003')).toMatchObject({
      code: 1,
      message: '图形验证码错误',
    });
    const second = await issue();
    const rightAnswer = await answerOf(second.data.key);
    expect((await sendWith(second.data.key, 'zzzz', '13900000004')).message).toBe('图形验证码错误');
    expect((await sendWith(second.data.key, rightAnswer, '13900000004')).message).toBe('图形验证码错误');
  });

  it.runIf(!usingPostgres)('expires after 300 seconds', async () => {
    const { data } = await issue();
    const answer = await answerOf(data.key);
    clock += 301_000;
    expect((await sendWith(data.key, answer, '13900000005')).message).toBe('图形验证码错误');
  });

  it('uses CAPTCHA_TEST_CODE as every answer when set', async () => {
    const fixed = await createTestApp();
    try {
      const { data } = await fixed.request<{ key: string }>({ method: 'GET', url: '/api/v2/captcha/image' });
      const res = await fixed.request({
        method: 'POST',
        url: '/api/v2/captcha/sms',
        payload: {
          mobile: MOBILE,
          image_key: data.key,
          image_captcha: TEST_CAPTCHA.toUpperCase(),
          scene: 'login',
        },
      });
      expect(res.code).toBe(0);
    } finally {
      await fixed.close();
    }
  });
});
