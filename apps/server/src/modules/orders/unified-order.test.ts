import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedOrder, PaymentMethod } from '@kezhan/contract/orders';
import type { UnifiedOrder } from '@kezhan/contract/unified-order';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  createCourse,
  createPromo,
  createRole,
  enablePayments,
  loginMember,
  memberRow,
  orderRow,
  paidMessages,
  type LoggedInMember,
} from '../../../test/support/orders';

const PC_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/124.0 Safari/537.36';
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('POST /api/v3/order: the same order service and settlement as the v2 entries', () => {
  let t: TestApp;
  let alice: LoggedInMember;
  let bob: LoggedInMember;
  let courseId: number;
  let roleId: number;

  const order = (member: LoggedInMember, payload: object) =>
    t.request<UnifiedOrder>({ method: 'POST', url: '/api/v3/order', payload, token: member.token });
  const ownsCourse = async (userId: number, course: number) =>
    Boolean(
      await t.services.db
        .selectFrom('user_courses')
        .select('course_id')
        .where('user_id', '=', userId)
        .where('course_id', '=', course)
        .executeTakeFirst(),
    );

  beforeAll(async () => {
    t = await createTestApp();
    alice = await loginMember(t, '13950000001');
    bob = await loginMember(t, '13950000002');
    courseId = await createCourse(t, { title: 'Python 入门', charge: 99 });
    roleId = await createRole(t, { name: '年度会员', charge: 199, expire_days: 365 });
    await enablePayments(t, 'sandbox', 'handPay');
  });
  afterAll(() => t.close());

  it('validates in MeEdu’s order: fields, goods type, the goods, then the agreement', async () => {
    const cases: [object, number, string][] = [
      [{ goods_id: courseId, agree_protocol: 1 }, 1, '参数错误'],
      [{ goods_type: 'COURSE', agree_protocol: 1 }, 1, '参数错误'],
      [{ goods_type: 'COURSE', goods_id: 'x', agree_protocol: 1 }, 1, '参数错误'],
      [{ goods_type: 'course', goods_id: courseId, agree_protocol: 1 }, 1, '无法创建订单'],
      [{ goods_type: 'BOOK', goods_id: courseId, agree_protocol: 1 }, 1, '无法创建订单'],
      [{ goods_type: 'COURSE', goods_id: 999999 }, 404, '资源不存在'],
      [{ goods_type: 'ROLE', goods_id: 999999 }, 404, '资源不存在'],
      [{ goods_type: 'COURSE', goods_id: courseId }, 1, '请同意付费内容购买协议'],
      [{ goods_type: 'COURSE', goods_id: courseId, agree_protocol: 0 }, 1, '请同意付费内容购买协议'],
      [{ goods_type: 'ROLE', goods_id: roleId, agree_protocol: '0' }, 1, '请同意会员服务协议'],
    ];
    for (const [payload, code, message] of cases) {
      expect(await order(alice, payload), JSON.stringify(payload)).toMatchObject({ code, message });
    }
    const guest = await t.request({ method: 'POST', url: '/api/v3/order', payload: {} });
    expect(guest).toMatchObject({ code: 401, message: '请登录' });
    const free = await createCourse(t, { charge: 0 });
    expect(await order(alice, { goods_type: 'COURSE', goods_id: free, agree_protocol: 1 })).toMatchObject({
      code: 1,
      message: '当前课程无法购买',
    });
  });

  it('creates an unpaid order with a cashier address; the row is the one v2 would write', async () => {
    const res = await order(alice, { goods_type: 'COURSE', goods_id: courseId, agree_protocol: '1' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ total: 99, discount: 0, is_paid: false });
    expect(res.data.pay_url).toBe(`http://api.test/payment/index?sign=${res.data.sign}`);
    expect(res.data.sign).toMatch(/^order-[A-Za-z0-9]{24}$/);

    const v2 = await t.request<CreatedOrder>({
      method: 'POST',
      url: '/api/v2/order/course',
      payload: { course_id: courseId },
      token: bob.token,
    });
    const [v3Row, v2Row] = [await orderRow(t, res.data.order_no), await orderRow(t, v2.data.order_id)];
    for (const row of [v3Row, v2Row]) {
      expect(row).toMatchObject({ status: 1, charge: 9900, amount: 9900, discount: 0 });
    }
    const goods = await t.services.db
      .selectFrom('order_goods')
      .select(['goods_type', 'goods_charge', 'goods_ori_charge', 'goods_name'])
      .where('order_id', '=', v3Row.id)
      .executeTakeFirstOrThrow();
    expect(goods).toEqual({
      goods_type: 'COURSE',
      goods_charge: 9900,
      goods_ori_charge: 9900,
      goods_name: 'Python 入门',
    });
  });

  it('pays through the cashier with the sandbox: settled once, course delivered, 支付成功 page', async () => {
    const created = (await order(alice, { goods_type: 'COURSE', goods_id: courseId, agree_protocol: 1 }))
      .data;
    const sUrl = encodeURIComponent('http://api.test/order/success');
    const fUrl = encodeURIComponent('http://api.test/');
    const cashierUrl = `/payment/index?sign=${created.sign}&s_url=${sUrl}&f_url=${fUrl}`;

    const cashier = await t.app.inject({
      method: 'GET',
      url: cashierUrl,
      headers: { 'user-agent': PHONE_UA },
    });
    expect(cashier.statusCode).toBe(200);
    for (const text of [
      '收银台',
      created.order_no,
      'Python 入门',
      '￥99.00',
      '支付金额',
      '确认支付',
      '取消支付',
      '模拟支付',
      '手动打款',
    ])
      expect(cashier.body).toContain(text);

    const chosen = await t.app.inject({
      method: 'POST',
      url: cashierUrl,
      payload: 'payment_method=sandbox',
      headers: { ...FORM, 'user-agent': PHONE_UA },
    });
    expect(chosen.statusCode).toBe(303);
    const sandboxPath = new URL(chosen.headers.location as string).pathname;
    expect(sandboxPath).toMatch(/^\/payment\/sandbox\//);
    expect(await orderRow(t, created.order_no)).toMatchObject({ status: 5, payment: 'sandbox' });

    const paid = await t.app.inject({
      method: 'POST',
      url: sandboxPath,
      payload: 'action=pay',
      headers: FORM,
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://api.test/payment/success?s_url=${sUrl}`);
    const success = await t.app.inject({ method: 'GET', url: paid.headers.location as string });
    expect(success.body).toContain('您的交易已完成');
    expect(success.headers.refresh).toBe('3;url=http://api.test/order/success');

    expect(await orderRow(t, created.order_no)).toMatchObject({ status: 9 });
    expect(await ownsCourse(alice.id, courseId)).toBe(true);
    expect(await paidMessages(t, alice.id, created.order_no)).toHaveLength(1);
    // The cashier of a paid order shows success; owning the course now refuses a new order.
    expect((await t.app.inject({ method: 'GET', url: cashierUrl })).body).toContain('支付成功');
    expect(await order(alice, { goods_type: 'COURSE', goods_id: courseId, agree_protocol: 1 })).toMatchObject(
      {
        code: 1,
        message: '请勿重复购买',
      },
    );
  });

  it('a promo code paying everything delivers at once on both entries (is_paid, no cashier)', async () => {
    const v3Promo = await createPromo(t, { invited_user_reward: 500 });
    const v3 = await order(bob, {
      goods_type: 'ROLE',
      goods_id: roleId,
      agree_protocol: 1,
      promo_code: v3Promo,
    });
    expect(v3.data).toEqual({ order_no: v3.data.order_no, total: 0, discount: 199, is_paid: true });
    expect((await memberRow(t, bob.id)).role_id).toBe(roleId);
    const before = (await memberRow(t, bob.id)).role_expired_at!.getTime();

    const v2Promo = await createPromo(t, { invited_user_reward: 500 });
    const v2 = await t.request<CreatedOrder>({
      method: 'POST',
      url: '/api/v2/order/role',
      payload: { role_id: roleId, promo_code: v2Promo },
      token: bob.token,
    });
    expect(v2.data).toMatchObject({ status: 9, status_text: '已支付', amount: 0 });
    // Same settlement: the second purchase extends the membership by the plan's days.
    const after = (await memberRow(t, bob.id)).role_expired_at!.getTime();
    expect(after - before).toBe(365 * 86_400_000);
    expect(await paidMessages(t, bob.id, v3.data.order_no)).toHaveLength(1);
    expect(await paidMessages(t, bob.id, v2.data.order_id)).toHaveLength(1);
  });

  it('the cashier refuses unknown signs, cancelled orders and disabled methods', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/payment/index?sign=order-AAAAAAAAAAAAAAAAAAAAAAAA' }))
        .statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/payment/index' })).body).toContain('参数错误');
    const created = (await order(bob, { goods_type: 'COURSE', goods_id: courseId, agree_protocol: 1 })).data;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/payment/index?sign=${created.sign}`,
      payload: 'payment_method=alipay',
      headers: FORM,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('未开启该支付方式');
    await t.services.db
      .updateTable('orders')
      .set({ status: 7 })
      .where('order_id', '=', created.order_no)
      .execute();
    expect(
      (await t.app.inject({ method: 'GET', url: `/payment/index?sign=${created.sign}` })).body,
    ).toContain('订单已取消');
  });

  it('offers the PC scene its methods (GET /api/v2/order/payments?scene=pc and the cashier on a computer)', async () => {
    const methods = await t.request<PaymentMethod[]>({
      method: 'GET',
      url: '/api/v2/order/payments?scene=pc',
      token: alice.token,
    });
    expect(methods.data.map((m) => m.sign)).toEqual(['handPay', 'sandbox']);
    expect(
      (await t.request({ method: 'GET', url: '/api/v2/order/payments?scene=tv', token: alice.token }))
        .message,
    ).toBe('参数错误');
    const created = (await order(bob, { goods_type: 'ROLE', goods_id: roleId, agree_protocol: 1 })).data;
    const handPay = await t.app.inject({
      method: 'POST',
      url: `/payment/index?sign=${created.sign}`,
      payload: 'payment_method=handPay',
      headers: { ...FORM, 'user-agent': PC_UA },
    });
    expect(handPay.statusCode).toBe(200);
    expect(handPay.body).toContain('线下支付');
    expect(await orderRow(t, created.order_no)).toMatchObject({ status: 5, payment: 'handPay' });
  });
});
