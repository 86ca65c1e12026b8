import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod, PayTicket } from '@kezhan/contract/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { safeReturnUrl } from './payment-service';
import {
  createRole,
  enablePayments,
  memberId,
  memberRow,
  orderRole,
  orderRow,
  paidMessages,
  payTicket,
  updateOrder,
} from '../../../test/support/orders';

describe('payments: methods, tickets, redirect, sandbox and manual transfer', () => {
  let t: TestApp;
  let tokenA: string;
  let tokenB: string;
  let roleId: number;

  beforeAll(async () => {
    t = await createTestApp();
    tokenA = await t.loginBySms('13910000001');
    tokenB = await t.loginBySms('13910000002');
    roleId = await createRole(t, { name: '月度会员', charge: 30, expire_days: 30 });
  });
  afterAll(() => t.close());

  const post = <T>(url: string, payload: object, token: string | null = tokenA) =>
    t.request<T>({ method: 'POST', url, payload, token: token ?? undefined });
  const get = <T>(url: string, token: string | null = tokenA) =>
    t.request<T>({ method: 'GET', url, token: token ?? undefined });
  const newOrder = (token = tokenA) => orderRole(t, token, roleId);
  const ticketFor = (orderNo: string, token = tokenA) => payTicket(t, token, orderNo);
  const redirectUrl = (orderNo: string, ticket: string, extra = '') =>
    `/api/v2/order/pay/redirect?order_id=${orderNo}&payment=sandbox&payment_scene=h5&scene=h5&ticket=${ticket}${extra}`;

  describe('GET /api/v2/order/payments', () => {
    it('needs a valid scene', async () => {
      expect((await get('/api/v2/order/payments')).message).toBe('参数错误');
      expect((await get('/api/v2/order/payments?scene=tv')).message).toBe('参数错误');
      expect((await get('/api/v2/order/payments?scene=h5', null)).code).toBe(401);
    });

    it('lists enabled, configured gateways of the scene by sign with absolute icons', async () => {
      expect((await get('/api/v2/order/payments?scene=h5')).data).toEqual([]);
      await enablePayments(t, 'handPay', 'sandbox', 'alipay', 'wechat-jsapi');
      // Alipay and WeChat are enabled but have no merchant keys on this node: not offered.
      const h5 = await get<PaymentMethod[]>('/api/v2/order/payments?scene=h5');
      expect(h5.data).toEqual([
        { sign: 'handPay', name: '手动打款', icon: 'http://api.test/images/payment/handPay.png' },
        { sign: 'sandbox', name: '模拟支付', icon: 'http://api.test/images/payment/sandbox.png' },
      ]);
      const wechat = await get<PaymentMethod[]>('/api/v2/order/payments?scene=wechat');
      expect(wechat.data.map((item) => item.sign)).toEqual(['handPay', 'sandbox']);
    });
  });

  describe('payment tickets and the redirect', () => {
    it('issues a single-use ticket for the member’s own open order only', async () => {
      const order = await newOrder();
      const res = await post<PayTicket>('/api/v3/order/pay/ticket', { order_id: order.order_id });
      expect(res.data).toEqual({ ticket: expect.stringMatching(/^[\w-]{32}$/), expires_in: 300 });
      expect((await post('/api/v3/order/pay/ticket', { order_id: order.order_id }, tokenB)).message).toBe(
        '错误',
      );
      expect((await post('/api/v3/order/pay/ticket', {})).message).toBe('参数错误');
      expect((await post('/api/v3/order/pay/ticket', { order_id: ['x'] })).message).toBe('参数错误');
      expect((await post('/api/v3/order/pay/ticket', { order_id: order.order_id }, null)).code).toBe(401);
    });

    it('refuses the redirect without a ticket (a login token in the URL is not accepted)', async () => {
      const order = await newOrder();
      const res = await get(
        `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=sandbox&payment_scene=h5&token=${tokenA}`,
        null,
      );
      expect([res.statusCode, res.code, res.message]).toEqual([200, 401, '请登录']);
      expect((await get(redirectUrl(order.order_id, 'x'.repeat(32)), null)).message).toBe(
        '支付链接已失效，请重新支付',
      );
      expect((await get(redirectUrl(order.order_id, '<script>'), null)).message).toBe(
        '支付链接已失效，请重新支付',
      );
      expect((await get('/api/v2/order/pay/redirect?payment=sandbox&payment_scene=h5', null)).message).toBe(
        '参数错误',
      );
      expect(
        (await get(`/api/v2/order/pay/redirect?order_id=1&payment=sandbox&payment_scene=tv&ticket=x`, null))
          .message,
      ).toBe('参数错误');
    });

    it('spends a ticket once, and only on its own order', async () => {
      const order = await newOrder();
      const other = await newOrder();
      const ticket = await ticketFor(order.order_id);
      expect((await get(redirectUrl(other.order_id, ticket), null)).message).toBe(
        '支付链接已失效，请重新支付',
      );
      // The mismatch spent it too.
      expect((await get(redirectUrl(order.order_id, ticket), null)).message).toBe(
        '支付链接已失效，请重新支付',
      );
      const fresh = await ticketFor(order.order_id);
      const first = await t.app.inject({ method: 'GET', url: redirectUrl(order.order_id, fresh) });
      expect(first.statusCode).toBe(302);
      const second = await get(redirectUrl(order.order_id, fresh), null);
      expect(second.message).toBe('支付链接已失效，请重新支付');
    });

    it('refuses a gateway that is not offered with 错误', async () => {
      const order = await newOrder();
      const ticket = await ticketFor(order.order_id);
      const res = await get(
        `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=alipay&payment_scene=h5&ticket=${ticket}`,
        null,
      );
      expect(res.message).toBe('错误');
      const handPay = await get(
        `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=handPay&payment_scene=h5&ticket=${await ticketFor(order.order_id)}`,
        null,
      );
      expect(handPay.message).toBe('错误');
      expect((await orderRow(t, order.order_id)).status).toBe(1);
    });

    it('refuses to start paying an order about to expire', async () => {
      const order = await newOrder();
      const ticket = await ticketFor(order.order_id);
      await updateOrder(t, order.order_id, { created_at: new Date(Date.now() - 59.5 * 60_000) });
      expect((await get(redirectUrl(order.order_id, ticket), null)).message).toBe('订单已超时，请重新下单');
    });
  });

  it('returns only to our own sites, judged by the shared redirect policy', async () => {
    const settings = await t.services.settings.snapshot();
    const fallback = 'http://api.test/order/success';
    const returnTo = (candidate: string | undefined) =>
      safeReturnUrl(t.services, settings, candidate, '/order/success');
    expect(returnTo('HTTP://API.TEST/order/success?from=pay')).toBe('http://api.test/order/success?from=pay');
    for (const candidate of [
      undefined,
      'https://api.test@evil.example/',
      'https://evil@api.test/order/success',
      '//evil.example/order/success',
      'https:\\\\evil.example',
      'http://api.test:8080/',
      'https://api.test.evil.example/',
      'javascript:alert(1)//api.test',
    ])
      expect(returnTo(candidate), candidate).toBe(fallback);
  });

  describe('sandbox gateway (模拟支付)', () => {
    it('pays through its labelled page: once, and the member gets the plan and the message', async () => {
      const order = await newOrder(tokenB);
      const ticket = await ticketFor(order.order_id, tokenB);
      const successUrl = encodeURIComponent('http://api.test/order/success?from=pay');
      const redirect = await t.app.inject({
        method: 'GET',
        url: redirectUrl(
          order.order_id,
          ticket,
          `&s_url=${successUrl}&f_url=${encodeURIComponent('https://evil.example/')}`,
        ),
      });
      expect(redirect.statusCode).toBe(302);
      const location = redirect.headers.location as string;
      expect(location).toMatch(/^http:\/\/api\.test\/payment\/sandbox\/[\w-]{32}$/);
      expect(await orderRow(t, order.order_id)).toMatchObject({
        status: 5,
        payment: 'sandbox',
        payment_method: 'sandbox',
      });

      const path = new URL(location).pathname;
      const pageRes = await t.app.inject({ method: 'GET', url: path });
      expect(pageRes.statusCode).toBe(200);
      expect(pageRes.headers['content-type']).toContain('text/html');
      for (const text of [
        '模拟支付',
        '测试环境，不会真实扣款',
        '支付成功',
        '取消',
        order.order_id,
        '￥30.00',
        '月度会员',
      ])
        expect(pageRes.body).toContain(text);

      const form = { 'content-type': 'application/x-www-form-urlencoded' };
      const paid = await t.app.inject({ method: 'POST', url: path, payload: 'action=pay', headers: form });
      expect(paid.statusCode).toBe(303);
      expect(paid.headers.location).toBe('http://api.test/order/success?from=pay');
      const replay = await t.app.inject({ method: 'POST', url: path, payload: 'action=pay', headers: form });
      expect(replay.statusCode).toBe(410);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(410);

      expect((await get(`/api/v2/order/status?order_id=${order.order_id}`, tokenB)).data).toEqual({
        status: 9,
        status_text: '已支付',
      });
      const user = await memberId(t, '13910000002');
      const member = await memberRow(t, user);
      expect(member.role_id).toBe(roleId);
      expect(await paidMessages(t, user, order.order_id)).toHaveLength(1);
      // Paid: no new ticket, no new payment.
      expect((await post('/api/v3/order/pay/ticket', { order_id: order.order_id }, tokenB)).message).toBe(
        '订单状态错误',
      );
    });

    it('cancel returns to the (sanitised) failure address and leaves the order payable', async () => {
      const order = await newOrder();
      const redirect = await t.app.inject({
        method: 'GET',
        url: redirectUrl(
          order.order_id,
          await ticketFor(order.order_id),
          `&f_url=${encodeURIComponent('https://evil.example/')}`,
        ),
      });
      const path = new URL(redirect.headers.location as string).pathname;
      const cancelled = await t.app.inject({
        method: 'POST',
        url: path,
        payload: 'action=cancel',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(cancelled.statusCode).toBe(303);
      expect(cancelled.headers.location).toBe('http://api.test/');
      expect(await orderRow(t, order.order_id)).toMatchObject({ status: 5, payment: 'sandbox' });
      const bad = await t.app.inject({ method: 'POST', url: path, payload: 'action=steal' });
      expect(bad.statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/payment/sandbox/short' })).statusCode).toBe(410);
    });
  });

  describe('manual transfer (handPay)', () => {
    it('switches the order to manual transfer and answers the configured instructions', async () => {
      await t.services.settings.set('payment.handPay.introduction', '<p>转账至：课栈科技 6222 0000</p>');
      const order = await newOrder();
      const res = await post<{ text: string }>('/api/v3/order/pay/handPay', { order_id: order.order_id });
      expect(res.data).toEqual({ text: '<p>转账至：课栈科技 6222 0000</p>' });
      expect(await orderRow(t, order.order_id)).toMatchObject({
        status: 5,
        payment: 'handPay',
        payment_method: 'hand',
      });
      expect((await post('/api/v3/order/pay/handPay', { order_id: order.order_id })).code).toBe(0);
      expect((await post('/api/v3/order/pay/handPay', { order_id: order.order_id }, tokenB)).message).toBe(
        '错误',
      );
      expect((await post('/api/v3/order/pay/handPay', {})).message).toBe('参数错误');
      expect((await get<{ text: string }>('/api/v2/order/pay/handPay')).data.text).toContain('课栈科技');
    });

    it('refuses a paid order, and everything when manual transfer is off', async () => {
      const order = await newOrder();
      await updateOrder(t, order.order_id, { status: 9 });
      expect((await post('/api/v3/order/pay/handPay', { order_id: order.order_id })).message).toBe(
        '订单状态错误',
      );
      await t.services.settings.set('payment.handPay.enabled', '0');
      const open = await newOrder();
      expect((await post('/api/v3/order/pay/handPay', { order_id: open.order_id })).message).toBe('错误');
      await t.services.settings.set('payment.handPay.enabled', '1');
    });
  });
});

describe('sandbox in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      withCaptchaTestCode: false,
      env: {
        NODE_ENV: 'production',
        SOCIAL_DRIVER: 'real',
        FACEID_DRIVER: 'real',
        SMS_DRIVER: 'aliyun',
        MEDIA_SIGNING_SECRET: 's'.repeat(40),
        MEDIA_KEY_SECRET: 'k'.repeat(40),
      },
    });
  });
  afterAll(() => t.close());

  it('is never offered and its pages do not exist, even when enabled', async () => {
    await t.services.settings.set('payment.sandbox.enabled', '1');
    const user = await t.services.db
      .insertInto('users')
      .values({ mobile: '13910000009', nick_name: 'prod', password: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token, jti, expiresAt } = t.services.tokens.issue(user.id, 'test');
    await t.services.db
      .insertInto('user_login_records')
      .values({ user_id: user.id, jti, expires_at: expiresAt })
      .execute();
    const res = await t.request<PaymentMethod[]>({
      method: 'GET',
      url: '/api/v2/order/payments?scene=h5',
      token,
    });
    expect(res.code).toBe(0);
    expect(res.data).toEqual([]);
    const pageRes = await t.app.inject({ method: 'GET', url: `/payment/sandbox/${'a'.repeat(32)}` });
    expect(pageRes.statusCode).toBe(404);
  });
});
