import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedOrder } from '@kezhan/contract/orders';
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
import { FakeAlipay } from '../../../test/support/fakes/alipay';
import { fenToYuanText, yuanTextToFen } from '../../shared/money';

describe('Alipay wap pay against a fake Alipay on 127.0.0.1', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let fake: FakeAlipay;
  let t: TestApp;
  let token: string;
  let userId: number;
  let roleId: number;

  beforeAll(async () => {
    fake = await new FakeAlipay(merchant.publicKey).start();
    t = await createTestApp({
      env: {
        ALIPAY_APP_ID: fake.appId,
        // The console hands out bare base64 (PKCS#1 private key); PEM works as well.
        ALIPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
        ALIPAY_PUBLIC_KEY: fake.platformPublicKeyBase64,
        ALIPAY_GATEWAY: `${fake.url}/gateway.do`,
      },
    });
    await enablePayments(t, 'alipay');
    ({ token, id: userId } = await loginMember(t, '13920000001'));
    roleId = await createRole(t, { name: '月度会员', charge: 30, expire_days: 30 });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** Creates an order and follows the redirect to the fake cashier, as the member's browser does. */
  async function orderAndOpenCashier(): Promise<CreatedOrder> {
    const order = await orderRole(t, token, roleId);
    const ticket = await payTicket(t, token, order.order_id);
    const redirect = await t.app.inject({
      method: 'GET',
      url: `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=alipay&payment_scene=h5&scene=h5&ticket=${ticket}&s_url=${encodeURIComponent('http://api.test/order/success')}`,
    });
    expect(redirect.statusCode).toBe(302);
    const cashier = await fetch(redirect.headers.location as string);
    expect(cashier.status).toBe(200);
    return order;
  }

  const notify = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/payment/callback/alipay',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    });

  it('converts amounts exactly', () => {
    expect(yuanTextToFen('30.00')).toBe(3000);
    expect(yuanTextToFen('0.1')).toBe(10);
    expect(yuanTextToFen('12')).toBe(1200);
    expect(yuanTextToFen('1.234')).toBeNaN();
    expect(yuanTextToFen('-1.00')).toBeNaN();
    expect(yuanTextToFen(undefined)).toBeNaN();
    expect(fenToYuanText(3005)).toBe('30.05');
  });

  it('is offered in mobile browsers only', async () => {
    expect(await offeredPayments(t, token, 'h5')).toEqual([
      { sign: 'alipay', name: '支付宝', icon: 'http://api.test/images/payment/alipay.png' },
    ]);
    expect(await offeredPayments(t, token, 'wechat')).toEqual([]);
  });

  it('sends a correctly signed alipay.trade.wap.pay that the gateway accepts', async () => {
    const order = await orderAndOpenCashier();
    expect(fake.trades.get(order.order_id)).toMatchObject({
      totalAmount: '30.00',
      subject: '月度会员',
      notifyUrl: 'http://api.test/payment/callback/alipay',
      returnUrl: 'http://api.test/order/success',
      timeExpire: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(await orderRow(t, order.order_id)).toMatchObject({
      status: 5,
      payment: 'alipay',
      payment_method: 'wap',
    });
  });

  it('a tampered request fails the gateway’s signature check', async () => {
    const order = await orderRole(t, token, roleId);
    const ticket = await payTicket(t, token, order.order_id);
    const redirect = await t.app.inject({
      method: 'GET',
      url: `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=alipay&payment_scene=h5&ticket=${ticket}`,
    });
    const address = new URL(redirect.headers.location as string);
    address.searchParams.set(
      'biz_content',
      address.searchParams.get('biz_content')!.replace('"30.00"', '"0.01"'),
    );
    expect((await fetch(address)).status).toBe(400);
    expect(fake.refused).toContain('sign check fail');
  });

  it('a verified notification pays once; a replay answers success and changes nothing', async () => {
    const order = await orderAndOpenCashier();
    const body = fake.notification(order.order_id);
    const first = await notify(body);
    expect([first.statusCode, first.body]).toEqual([200, 'success']);
    const paid = await orderRow(t, order.order_id);
    expect(paid).toMatchObject({ status: 9, payment: 'alipay' });
    expect(paid.trade_no).toMatch(/^2026050122001/);
    const member = await memberRow(t, userId);
    expect(member.role_id).toBe(roleId);

    const replay = await notify(body);
    expect([replay.statusCode, replay.body]).toEqual([200, 'success']);
    const after = await memberRow(t, userId);
    expect(after.role_expired_at).toEqual(member.role_expired_at);
    expect(await paidMessages(t, userId, order.order_id)).toHaveLength(1);
    const outcomes = await t.services.db
      .selectFrom('order_payments')
      .select('outcome')
      .where('out_trade_no', '=', order.order_id)
      .where('gateway', '=', 'alipay')
      .orderBy('id')
      .execute();
    expect(outcomes.map((row) => row.outcome)).toEqual(['started', 'paid', 'duplicate']);
  });

  it('concurrent notifications grant once', async () => {
    const order = await orderAndOpenCashier();
    const before = await memberRow(t, userId);
    const body = fake.notification(order.order_id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(body)));
    expect(answers.map((answer) => answer.body)).toEqual(Array(5).fill('success'));
    const after = await memberRow(t, userId);
    expect(after.role_expired_at!.getTime() - before.role_expired_at!.getTime()).toBe(30 * 86_400_000);
    expect(await paidMessages(t, userId, order.order_id)).toHaveLength(1);
  });

  it('a forged signature, another app, a wrong amount or a tampered field change nothing and are logged', async () => {
    const order = await orderAndOpenCashier();
    const intruder = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await notify(fake.notification(order.order_id, {}, intruder.privateKey));
    expect([forged.statusCode, forged.body]).toEqual([200, 'fail']);
    const otherApp = await notify(fake.notification(order.order_id, { app_id: '2021999999999999' }));
    expect(otherApp.body).toBe('fail');
    const cheap = await notify(fake.notification(order.order_id, { total_amount: '0.01' }));
    expect(cheap.body).toBe('fail');
    const tampered = fake.notification(order.order_id).replace('total_amount=30.00', 'total_amount=300.00');
    expect((await notify(tampered)).body).toBe('fail');
    expect((await notify('')).body).toBe('fail');
    expect((await notify('sign=abc&out_trade_no=1')).body).toBe('fail');

    expect((await orderRow(t, order.order_id)).status).toBe(5);
    expect(await paidMessages(t, userId, order.order_id)).toHaveLength(0);
    const rejected = await t.services.db
      .selectFrom('order_payments')
      .select(['reason'])
      .where('gateway', '=', 'alipay')
      .where('outcome', '=', 'rejected')
      .execute();
    const reasons = rejected.map((row) => row.reason);
    expect(reasons).not.toContain('bad signature');
    expect(reasons).toContain('notification for app 2021999999999999');
    expect(reasons.some((reason) => reason.startsWith('amount mismatch'))).toBe(true);
  });

  it('keeps forged notifications out of the database, refuses big bodies and slows a forger down', async () => {
    const count = async () =>
      Number(
        (
          await t.services.db
            .selectFrom('order_payments')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const forge = (
      remoteAddress: string,
      payload = `sign=forged&out_trade_no=${'9'.repeat(20)}&x=${'y'.repeat(1000)}`,
    ) =>
      t.app.inject({
        method: 'POST',
        url: '/payment/callback/alipay',
        remoteAddress,
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const answers: number[] = [];
    for (let i = 0; i < 35; i += 1) answers.push((await forge('203.0.113.99')).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers.slice(30).every((status) => status === 429)).toBe(true);
    expect(await count()).toBe(before);
    const big = await forge('203.0.113.98', `sign=x&pad=${'a'.repeat(40 * 1024)}`);
    expect(big.json()).toEqual({ code: 1, message: '请求数据过大', data: [] });
    expect((await forge('203.0.113.97')).body).toBe('fail');
  });

  it('acknowledges a notification that is not a payment without paying', async () => {
    const order = await orderAndOpenCashier();
    const waiting = await notify(fake.notification(order.order_id, { trade_status: 'WAIT_BUYER_PAY' }));
    expect(waiting.body).toBe('success');
    expect((await orderRow(t, order.order_id)).status).toBe(5);
  });

  it('refuses the redirect when Alipay is enabled but this node has no keys', async () => {
    const bare = await createTestApp();
    try {
      await enablePayments(bare, 'alipay');
      const bareToken = await bare.loginBySms('13920000009');
      const plan = await createRole(bare);
      const order = await orderRole(bare, bareToken, plan);
      const ticket = await payTicket(bare, bareToken, order.order_id);
      const res = await bare.request({
        method: 'GET',
        url: `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=alipay&payment_scene=h5&ticket=${ticket}`,
      });
      expect(res.message).toBe('错误');
      const callback = await bare.app.inject({
        method: 'POST',
        url: '/payment/callback/alipay',
        payload: 'a=1',
      });
      expect(callback.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
