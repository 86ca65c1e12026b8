import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CAPTCHA, type TestApp } from '../../../test/test-app';
import { AliyunSmsSender, percentEncode, signAliyunRpc } from './aliyun-sms-sender';

const ACCESS_KEY_ID = 'test-key-id';
const ACCESS_KEY_SECRET = 'test-key-secret';

/** A stand-in for dysmsapi.aliyuncs.com: checks the RPC signature the way Aliyun does. */
function startFakeAliyun() {
  const received: Record<string, string>[] = [];
  let answer: Record<string, string> = { Code: 'OK', Message: 'OK', RequestId: 'r-1', BizId: 'b-1' };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const { Signature, ...signed } = params;
      const expected = signAliyunRpc('POST', signed, ACCESS_KEY_SECRET);
      res.setHeader('content-type', 'application/json');
      if (Signature !== expected || params.AccessKeyId !== ACCESS_KEY_ID) {
        res.end(
          JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched' }),
        );
        return;
      }
      received.push(params);
      res.end(JSON.stringify(answer));
    });
  });
  return new Promise<{
    url: string;
    received: typeof received;
    answerWith: (a: typeof answer) => void;
    close: () => void;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        answerWith: (a) => (answer = a),
        close: () => server.close(),
      });
    });
  });
}

describe('Aliyun SMS', () => {
  let fake: Awaited<ReturnType<typeof startFakeAliyun>>;
  let t: TestApp;
  const config = () => ({
    endpoint: fake.url,
    accessKeyId: ACCESS_KEY_ID,
    accessKeySecret: ACCESS_KEY_SECRET,
    signName: '课栈',
    templates: {
      login: 'SMS_1001',
      register: 'SMS_1002',
      password_reset: 'SMS_1003',
      mobile_bind: 'SMS_1004',
    },
  });

  beforeAll(async () => {
    fake = await startFakeAliyun();
    t = await createTestApp({
      env: {
        SMS_DRIVER: 'aliyun',
        ALIYUN_SMS_ENDPOINT: fake.url,
        ALIYUN_SMS_ACCESS_KEY_ID: ACCESS_KEY_ID,
        ALIYUN_SMS_ACCESS_KEY_SECRET: ACCESS_KEY_SECRET,
        ALIYUN_SMS_SIGN_NAME: '课栈',
        ALIYUN_SMS_TEMPLATE_LOGIN: 'SMS_1001',
      },
      smsFromEnv: true,
    });
  });
  afterAll(async () => {
    await t.close();
    fake.close();
  });

  it('encodes like RFC 3986 as the signature requires', () => {
    expect(percentEncode("a b*c~d'(!)")).toBe('a%20b%2Ac~d%27%28%21%29');
  });

  it('sends SendSms with a valid signature, the scene template and the code', async () => {
    await new AliyunSmsSender(config()).send({
      mobile: '13800000001',
      scene: 'password_reset',
      code: '042137',
    });
    const sent = fake.received.at(-1)!;
    expect(sent).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13800000001',
      SignName: '课栈',
      TemplateCode: 'SMS_1003',
      TemplateParam: '{"code":"042137"}',
      SignatureMethod: 'HMAC-SHA1',
    });
  });

  it('is refused by the gateway when signed with the wrong secret', async () => {
    const wrong = new AliyunSmsSender({ ...config(), accessKeySecret: 'other' });
    await expect(wrong.send({ mobile: '13800000001', scene: 'login', code: '1' })).rejects.toThrow(
      'SignatureDoesNotMatch',
    );
  });

  it('delivers a login code through the API end to end', async () => {
    const { data } = await t.request<{ key: string }>({ method: 'GET', url: '/api/v2/captcha/image' });
    const res = await t.request({
      method: 'POST',
      url: '/api/v2/captcha/sms',
      payload: { mobile: '13800000002', image_key: data.key, image_captcha: TEST_CAPTCHA, scene: 'login' },
    });
    expect(res.code).toBe(0);
    const code = JSON.parse(fake.received.at(-1)!.TemplateParam).code;
    const login = await t.request({
      method: 'POST',
      url: '/api/v2/login/mobile',
      payload: { mobile: '13800000002', mobile_code: code },
    });
    expect(login.code).toBe(0);
  });

  it('on a gateway refusal answers 短信发送失败，请稍后再试, stores no code and allows a retry at once', async () => {
    fake.answerWith({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' });
    const { data } = await t.request<{ key: string }>({ method: 'GET', url: '/api/v2/captcha/image' });
    const res = await t.request({
      method: 'POST',
      url: '/api/v2/captcha/sms',
      payload: { mobile: '13800000003', image_key: data.key, image_captcha: TEST_CAPTCHA, scene: 'login' },
    });
    expect(res).toMatchObject({ code: 1, message: '短信发送失败，请稍后再试' });
    expect(await t.services.store.get('sms:code:login:13800000003')).toBeNull();
    expect(await t.services.store.get('sms:cooldown:13800000003')).toBeNull();
    const record = await t.services.db
      .selectFrom('sms_records')
      .selectAll()
      .where('mobile', '=', '13800000003')
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ status: 'failed', provider: 'aliyun' });
    fake.answerWith({ Code: 'OK', Message: 'OK' });
  });
});
