import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createRole,
  enablePayments,
  loginMember,
  memberRow,
  offeredPayments,
  orderRole,
  orderRow,
  paidMessages,
  payTicket,
} from '../../../test/support/orders';
import { FakeWechatPay } from '../../../test/support/fakes/wechat-pay';
import { GatewayError } from './payment-gateway';
import { WechatPayGateway } from './wechat-pay';

const MCH_ID = '1900000001';
const APP_ID = 'wx0000000000000001';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A72';
const API_V3_KEY = 'k'.repeat(16) + 'v3apikey00000000';

describe('WeChat Pay API v3 (H5 and JSAPI) against a fake WeChat Pay on 127.0.0.1', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let fake: FakeWechatPay;
  let t: TestApp;
  let token: string;
  let userId: number;
  let roleId: number;

  beforeAll(async () => {
    fake = await new FakeWechatPay({
      mchId: MCH_ID,
      appId: APP_ID,
      serialNo: SERIAL,
      publicKey: merchant.publicKey,
      apiV3Key: API_V3_KEY,
      appSecret: 'mp-app-secret',
    }).start();
    t = await createTestApp({
      env: {
        WECHAT_MP_APP_ID: APP_ID,
        WECHAT_MP_APP_SECRET: 'mp-app-secret',
        WECHAT_API_BASE: fake.url,
        WECHAT_AUTHORIZE_URL: `${fake.url}/connect/oauth2/authorize`,
        WECHAT_PAY_MCH_ID: MCH_ID,
        WECHAT_PAY_SERIAL_NO: SERIAL,
        // PEM with escaped newlines, as it would sit in a one-line .env entry.
        WECHAT_PAY_PRIVATE_KEY: merchant.privateKey
          .export({ type: 'pkcs8', format: 'pem' })
          .toString()
          .replace(/\n/g, '\\n'),
        WECHAT_PAY_API_V3_KEY: API_V3_KEY,
        WECHAT_PAY_PLATFORM_PUBLIC_KEY: fake.platformPublicKeyPem,
        WECHAT_PAY_PLATFORM_SERIAL: fake.platformSerial,
        WECHAT_PAY_BASE_URL: fake.url,
      },
    });
    await enablePayments(t, 'wechat_h5', 'wechat-jsapi');
    ({ token, id: userId } = await loginMember(t, '13930000001'));
    roleId = await createRole(t, { name: '年度会员', charge: 298, expire_days: 365 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function startPayment(payment: 'wechat_h5' | 'wechat-jsapi') {
    const order = await orderRole(t, token, roleId);
    const ticket = await payTicket(t, token, order.order_id);
    const scene = payment === 'wechat_h5' ? 'h5' : 'wechat';
    const redirect = await t.app.inject({
      method: 'GET',
      url: `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=${payment}&payment_scene=${scene}&ticket=${ticket}&s_url=${encodeURIComponent('http://api.test/order/success')}`,
    });
    return { order, redirect };
  }

  /** Lands on our JSAPI page as WeChat sends the member back from OAuth with a code. */
  const openJsapiPage = (state: string, code = fake.goodCode) =>
    t.app.inject({ method: 'GET', url: `/payment/wechat/jsapi?code=${code}&state=${state}` });

  /** Follows the JSAPI flow to the point WeChat Pay has a trade: OAuth → our page. */
  async function payInWechat() {
    const { order, redirect } = await startPayment('wechat-jsapi');
    const state = new URL(redirect.headers.location as string).searchParams.get('state')!;
    const page = await openJsapiPage(state);
    expect(page.statusCode).toBe(200);
    return { order, page, state };
  }

  const notify = (notification: { headers: Record<string, string>; body: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/payment/callback/wechat',
      payload: notification.body,
      headers: notification.headers,
    });

  it('offers H5 in mobile browsers and JSAPI inside WeChat', async () => {
    expect(await offeredPayments(t, token, 'h5')).toEqual([
      { sign: 'wechat_h5', name: '微信H5支付', icon: 'http://api.test/images/payment/wechat_h5.png' },
    ]);
    expect(await offeredPayments(t, token, 'wechat')).toEqual([
      {
        sign: 'wechat-jsapi',
        name: '微信JSAPI支付',
        icon: 'http://api.test/images/payment/wechat-jsapi.png',
      },
    ]);
  });

  it('H5: places a signed order and sends the browser to the cashier with the return address', async () => {
    const { order, redirect } = await startPayment('wechat_h5');
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toMatch(
      /^https:\/\/wx\.tenpay\.com\/cgi-bin\/mmpayweb-bin\/checkmweb\?prepay_id=wx\w+&package=1&redirect_url=http%3A%2F%2Fapi\.test%2Forder%2Fsuccess$/,
    );
    const trade = fake.trades.get(order.order_id)!;
    expect(trade.kind).toBe('h5');
    expect(trade.body).toMatchObject({
      appid: APP_ID,
      mchid: MCH_ID,
      description: '年度会员',
      notify_url: 'http://api.test/payment/callback/wechat',
      amount: { total: 29800, currency: 'CNY' },
      scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } },
    });
    expect(await orderRow(t, order.order_id)).toMatchObject({
      status: 5,
      payment: 'wechat_h5',
      payment_method: 'h5',
    });
  });

  it('JSAPI: OAuth for the openid, a signed order, and a page with a verifiable paySign', async () => {
    const { order, redirect } = await startPayment('wechat-jsapi');
    expect(redirect.statusCode).toBe(302);
    const oauth = new URL(redirect.headers.location as string);
    expect(`${oauth.origin}${oauth.pathname}`).toBe(`${fake.url}/connect/oauth2/authorize`);
    expect(oauth.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(oauth.searchParams)).toMatchObject({
      appid: APP_ID,
      redirect_uri: 'http://api.test/payment/wechat/jsapi',
      response_type: 'code',
      scope: 'snsapi_base',
    });
    const state = oauth.searchParams.get('state')!;
    const page = await openJsapiPage(state);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('getBrandWCPayRequest');
    // The page's own script runs (the CSP names its hash), and it alone.
    const scripts = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(scripts).toHaveLength(1);
    const hash = createHash('sha256').update(scripts[0], 'utf8').digest('base64');
    expect(page.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}';`);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const params = JSON.parse(/var p=(\{.*?\});/.exec(page.body)![1]) as Record<string, string>;
    expect(params).toMatchObject({
      appId: APP_ID,
      signType: 'RSA',
      package: expect.stringMatching(/^prepay_id=wx\w+$/),
    });
    const signed = createVerify('SHA256')
      .update(`${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`)
      .verify(merchant.publicKey, params.paySign, 'base64');
    expect(signed).toBe(true);
    expect(fake.trades.get(order.order_id)!.body.payer).toEqual({ openid: fake.openid });
    expect(await orderRow(t, order.order_id)).toMatchObject({
      status: 5,
      payment: 'wechat-jsapi',
      payment_method: 'mp',
    });

    const replay = await openJsapiPage(state);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('支付链接已失效');
  });

  it('JSAPI: a refused OAuth code shows an error page', async () => {
    const { redirect } = await startPayment('wechat-jsapi');
    const state = new URL(redirect.headers.location as string).searchParams.get('state')!;
    const page = await openJsapiPage(state, 'bad');
    expect(page.statusCode).toBe(502);
    expect(page.body).toContain('微信支付暂时不可用');
    expect((await t.app.inject({ method: 'GET', url: '/payment/wechat/jsapi' })).statusCode).toBe(400);
  });

  it('a verified notification pays once; replays and concurrent copies change nothing', async () => {
    const { order } = await payInWechat();
    const notification = fake.notification(order.order_id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(notification)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await orderRow(t, order.order_id)).toMatchObject({ status: 9, payment: 'wechat-jsapi' });
    const member = await memberRow(t, userId);
    expect(member.role_id).toBe(roleId);
    expect((await notify(notification)).statusCode).toBe(200);
    const after = await memberRow(t, userId);
    expect(after.role_expired_at).toEqual(member.role_expired_at);
    expect(await paidMessages(t, userId, order.order_id)).toHaveLength(1);
  });

  it('refuses forged, replayed-late, foreign, tampered and wrong-amount notifications, changing nothing', async () => {
    const { order } = await payInWechat();
    const intruder = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const cases: [string, { headers: Record<string, string>; body: string }][] = [
      ['forged', fake.notification(order.order_id, { signWith: intruder.privateKey })],
      ['other serial', fake.notification(order.order_id, { serial: 'PUB_KEY_ID_OTHER' })],
      ['old capture', fake.notification(order.order_id, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
      ['wrong APIv3 key', fake.notification(order.order_id, { apiV3Key: 'x'.repeat(32) })],
      ['other merchant', fake.notification(order.order_id, { transaction: { mchid: '1900000999' } })],
      [
        'wrong amount',
        fake.notification(order.order_id, { transaction: { amount: { total: 1, currency: 'CNY' } } }),
      ],
    ];
    const valid = fake.notification(order.order_id);
    cases.push([
      'tampered body',
      { headers: valid.headers, body: valid.body.replace('"summary":"支付成功"', '"summary":"x"') },
    ]);
    cases.push(['not JSON', { headers: valid.headers, body: 'hello' }]);
    for (const [name, notification] of cases) {
      const answer = await notify(notification);
      expect([name, answer.statusCode]).toEqual([name, 400]);
      expect(JSON.parse(answer.body)).toEqual({ code: 'FAIL', message: '失败' });
    }
    expect((await orderRow(t, order.order_id)).status).toBe(5);
    const reasons = (
      await t.services.db
        .selectFrom('order_payments')
        .select('reason')
        .where('gateway', '=', 'wechat')
        .where('outcome', '=', 'rejected')
        .execute()
    ).map((row) => row.reason);
    // Without the platform's signature nothing is kept (anyone can post those).
    for (const forged of [
      'bad signature',
      'unknown platform serial PUB_KEY_ID_OTHER',
      'timestamp outside the allowed window',
    ])
      expect(reasons).not.toContain(forged);
    expect(reasons.some((reason) => reason.startsWith('unreadable resource'))).toBe(true);
    expect(reasons.some((reason) => reason.startsWith('amount mismatch'))).toBe(true);
    expect(reasons).toContain(`notification for 1900000999/${APP_ID}`);
  });

  it('acknowledges a notification of an unpaid trade without paying', async () => {
    const { order } = await payInWechat();
    const answer = await notify(
      fake.notification(order.order_id, { transaction: { trade_state: 'NOTPAY' } }),
    );
    expect(answer.statusCode).toBe(200);
    expect((await orderRow(t, order.order_id)).status).toBe(5);
  });

  it('the gateway refuses requests we did not sign, and we refuse answers it did not sign', async () => {
    const config = {
      appId: APP_ID,
      appSecret: '',
      mchId: MCH_ID,
      serialNo: SERIAL,
      privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
      apiV3Key: API_V3_KEY,
      platformPublicKey: fake.platformPublicKeyPem,
      platformSerial: fake.platformSerial,
      baseUrl: fake.url,
      oauthAuthorizeUrl: '',
      mpApiBaseUrl: fake.url,
    };
    const request = {
      outTradeNo: 'T1',
      subject: 's',
      amountCents: 100,
      notifyUrl: 'http://api.test/payment/callback/wechat',
      returnUrl: 'http://api.test/order/success',
      quitUrl: 'http://api.test/',
      expiresAt: new Date(Date.now() + 3600_000),
      clientIp: '127.0.0.1',
    };
    await expect(new WechatPayGateway(config).createH5(request)).rejects.toThrow('SIGN_ERROR');
    expect(fake.refused).toContain('signature');

    const honest = new WechatPayGateway({
      ...config,
      privateKey: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    fake.answerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    try {
      const failure = await honest.createH5(request).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(GatewayError);
      expect((failure as Error).message).toContain('not signed by the platform');
    } finally {
      fake.answerKey = undefined;
    }
  });
});
