import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '@kezhan/contract/orders';
import type { UnifiedOrder } from '@kezhan/contract/unified-order';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { FakeWechatPay } from '../../../test/support/fakes/wechat-pay';
import {
  createRole,
  enablePayments,
  loginMember,
  memberRow,
  orderRow,
  paidMessages,
} from '../../../test/support/orders';

const MCH_ID = '1900000002';
const APP_ID = 'wx0000000000000002';
const SERIAL = '6157F09EFDC096DE15EBE81A47057A72';
const API_V3_KEY = 'n'.repeat(16) + 'v3apikey00000000';
const PC_UA = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Safari/605.1.15';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': PC_UA };

describe('WeChat Native (scan to pay on a computer) against a fake WeChat Pay on 127.0.0.1', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let fake: FakeWechatPay;
  let t: TestApp;

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
        WECHAT_PAY_MCH_ID: MCH_ID,
        WECHAT_PAY_SERIAL_NO: SERIAL,
        WECHAT_PAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        WECHAT_PAY_API_V3_KEY: API_V3_KEY,
        WECHAT_PAY_PLATFORM_PUBLIC_KEY: fake.platformPublicKeyPem,
        WECHAT_PAY_PLATFORM_SERIAL: fake.platformSerial,
        WECHAT_PAY_BASE_URL: fake.url,
      },
    });
    await enablePayments(t, 'wechat', 'wechat_h5');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('offers 微信扫码支付 to computers only', async () => {
    const { token } = await loginMember(t, '13990000001');
    const methods = async (scene: string) =>
      (
        await t.request<PaymentMethod[]>({
          method: 'GET',
          url: `/api/v2/order/payments?scene=${scene}`,
          token,
        })
      ).data.map((m) => [m.sign, m.name]);
    expect(await methods('pc')).toEqual([['wechat', '微信扫码支付']]);
    expect(await methods('h5')).toEqual([['wechat_h5', '微信H5支付']]);
  });

  it('pays a v3 order by scanning: QR page, verified notification, back to the order page', async () => {
    const member = await loginMember(t, '13990000002');
    const roleId = await createRole(t, { name: '季度会员', charge: 88, expire_days: 90 });
    const order = (
      await t.request<UnifiedOrder>({
        method: 'POST',
        url: '/api/v3/order',
        token: member.token,
        payload: { goods_type: 'ROLE', goods_id: roleId, agree_protocol: 1 },
      })
    ).data;
    const sUrl = encodeURIComponent('http://api.test/order/success');
    const cashierUrl = `/payment/index?sign=${order.sign}&s_url=${sUrl}`;
    const cashier = await t.app.inject({ method: 'GET', url: cashierUrl, headers: { 'user-agent': PC_UA } });
    expect(cashier.body).toContain('微信扫码支付');

    // MeEdu's cashier form: payment_method=wechat from a computer means Native.
    const chosen = await t.app.inject({
      method: 'POST',
      url: cashierUrl,
      payload: 'payment_method=wechat',
      headers: FORM,
    });
    expect(chosen.statusCode).toBe(303);
    const qrPath = new URL(chosen.headers.location as string).pathname;
    expect(qrPath).toMatch(/^\/payment\/wechat\/native\/[\w-]{32}$/);
    expect(fake.trades.get(order.order_no)).toMatchObject({
      kind: 'native',
      body: { amount: { total: 8800 } },
    });
    expect(await orderRow(t, order.order_no)).toMatchObject({
      status: 5,
      payment: 'wechat',
      payment_method: 'scan',
    });

    const qr = await t.app.inject({ method: 'GET', url: qrPath });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers.refresh).toBe('5');
    for (const text of ['微信扫码支付', order.order_no, '￥88.00', '<svg', '微信支付二维码'])
      expect(qr.body).toContain(text);

    const notification = fake.notification(order.order_no);
    const notified = await t.app.inject({
      method: 'POST',
      url: '/payment/callback/wechat',
      payload: notification.body,
      headers: notification.headers,
    });
    expect(notified.statusCode).toBe(200);
    expect(await orderRow(t, order.order_no)).toMatchObject({ status: 9 });
    expect((await memberRow(t, member.id)).role_id).toBe(roleId);
    expect(await paidMessages(t, member.id, order.order_no)).toHaveLength(1);

    const after = await t.app.inject({ method: 'GET', url: qrPath });
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe(`http://api.test/payment/success?s_url=${sUrl}`);
    expect((await t.app.inject({ method: 'GET', url: '/payment/wechat/native/unknown' })).statusCode).toBe(
      410,
    );
  });
});
