import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedOrder, MemberOrdersPage, PromoCodeCheck, VipRole } from '@kezhan/contract/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expireUnpaidOrders } from './order-service';
import { settlePayment } from './settle';
import {
  createCourse,
  createPromo,
  createRole,
  loginMember,
  memberId,
  memberRow,
  orderRow,
  paidMessages,
  updateOrder,
} from '../../../test/support/orders';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const DAY = 86_400_000;

describe('orders, VIP plans and promo codes', () => {
  let t: TestApp;
  let tokenA: string;
  let tokenB: string;
  let userA: number;
  let userB: number;
  let roleId: number;

  beforeAll(async () => {
    t = await createTestApp();
    ({ token: tokenA, id: userA } = await loginMember(t, '13900000001'));
    ({ token: tokenB, id: userB } = await loginMember(t, '13900000002'));
    roleId = await createRole(t, {
      name: '月度会员',
      charge: 30,
      expire_days: 30,
      weight: 2,
      description: '全站课程\n\n免费看 ',
    });
    await createRole(t, { name: '年度会员', charge: 298, expire_days: 365, weight: 1 });
    await createRole(t, { name: '隐藏计划', charge: 1, is_show: 0 });
  });
  afterAll(() => t.close());

  const post = <T>(url: string, payload: unknown, token = tokenA) =>
    t.request<T>({ method: 'POST', url, payload: payload as object, token });
  const get = <T>(url: string, token: string | null = tokenA) =>
    t.request<T>({ method: 'GET', url, token: token ?? undefined });
  const settle = (orderNo: string, amountCents: number, tradeNo = `T-${orderNo}`) =>
    t.services.settings
      .snapshot()
      .then((settings) =>
        settlePayment(
          t.services.db,
          settings,
          { source: 'sandbox', signs: ['sandbox'], outTradeNo: orderNo, tradeNo, amountCents },
          t.services.now(),
        ),
      );
  const promoUsedTimes = async (code: string) =>
    (
      await t.services.db
        .selectFrom('promo_codes')
        .select('used_times')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).used_times;

  describe('GET /api/v2/roles', () => {
    it('lists shown plans by weight with exact types and description rows', async () => {
      const res = await get<VipRole[]>('/api/v2/roles', null);
      expect(res.code).toBe(0);
      expect(res.data.map((role) => role.name)).toEqual(['年度会员', '月度会员']);
      expect(res.data[1]).toEqual({
        id: roleId,
        name: '月度会员',
        charge: 30,
        expire_days: 30,
        desc_rows: ['全站课程', '免费看'],
      });
      expect(res.data[0].desc_rows).toEqual([]);
    });

    it('answers one plan, 错误 for a hidden or unknown one and 参数错误 for a malformed id', async () => {
      expect((await get<VipRole>(`/api/v2/role/${roleId}`, null)).data.name).toBe('月度会员');
      expect((await get(`/api/v2/role/999999`, null)).message).toBe('错误');
      const res = await get('/api/v2/role/abc', null);
      expect([res.statusCode, res.code, res.message]).toEqual([200, 1, '参数错误']);
    });
  });

  describe('POST /api/v2/order/role', () => {
    it('creates an unpaid order with the contract shape and types', async () => {
      const res = await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId });
      expect(res.code).toBe(0);
      const order = res.data;
      expect(order).toEqual({
        id: expect.any(Number),
        user_id: userA,
        charge: 30,
        order_id: expect.stringMatching(new RegExp(`^${userA}\\d{8}$`)),
        status: 1,
        status_text: '未支付',
        payment_text: '',
        continue_pay: true,
        created_at: expect.stringMatching(ISO),
        discount: 0,
        amount: 30,
      });
      const goods = await t.services.db
        .selectFrom('order_goods')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      expect(goods).toMatchObject([
        { goods_type: 'ROLE', goods_id: roleId, goods_name: '月度会员', goods_charge: 3000, expire_days: 30 },
      ]);
    });

    it('takes the role id as digits too', async () => {
      expect((await post('/api/v2/order/role', { role_id: String(roleId) })).code).toBe(0);
    });

    it('needs a login', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/v2/order/role',
        payload: { role_id: roleId },
      });
      expect([res.statusCode, res.code, res.message]).toEqual([200, 401, '请登录']);
    });

    it.each([
      [{}],
      [{ role_id: 'abc' }],
      [{ role_id: -1 }],
      [{ role_id: 0 }],
      [{ role_id: 1.5 }],
      [{ role_id: 1e20 }],
      [{ role_id: '99999999999999999999' }],
      [{ role_id: [1] }],
      [{ role_id: { id: 1 } }],
      [{ role_id: null }],
    ])('refuses a malformed role id %j with 错误', async (payload) => {
      const res = await post('/api/v2/order/role', payload);
      expect([res.statusCode, res.code, res.message]).toEqual([200, 1, '错误']);
    });

    it('refuses a hidden or unknown plan with 错误', async () => {
      const hidden = await t.services.db
        .selectFrom('roles')
        .select('id')
        .where('is_show', '=', 0)
        .executeTakeFirstOrThrow();
      expect((await post('/api/v2/order/role', { role_id: hidden.id })).message).toBe('错误');
      expect((await post('/api/v2/order/role', { role_id: 2_000_000_000 })).message).toBe('错误');
    });

    it('refuses a malformed promo code with 参数错误 and answers a non-JSON body clearly', async () => {
      expect(
        (await post('/api/v2/order/role', { role_id: roleId, promo_code: 'x'.repeat(65) })).message,
      ).toBe('参数错误');
      expect((await post('/api/v2/order/role', { role_id: roleId, promo_code: { a: 1 } })).message).toBe(
        '参数错误',
      );
      const res = await t.request({
        method: 'POST',
        url: '/api/v2/order/role',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
        token: tokenA,
      });
      expect([res.statusCode, res.code]).toEqual([200, 1]);
    });
  });

  describe('POST /api/v2/order/course', () => {
    it('orders a course on sale; refuses unknown, unpublished, deleted, free and owned courses', async () => {
      const courseId = await createCourse(t, { charge: 99 });
      const res = await post<CreatedOrder>('/api/v2/order/course', { course_id: courseId });
      expect(res.data).toMatchObject({ charge: 99, amount: 99, status_text: '未支付' });

      expect((await post('/api/v2/order/course', { course_id: 999999 })).message).toBe('错误');
      const future = await createCourse(t, { published_at: new Date(Date.now() + DAY) });
      expect((await post('/api/v2/order/course', { course_id: future })).message).toBe('错误');
      const draft = await createCourse(t, { published_at: null });
      expect((await post('/api/v2/order/course', { course_id: draft })).message).toBe('错误');
      const deleted = await createCourse(t, { deleted_at: new Date() });
      expect((await post('/api/v2/order/course', { course_id: deleted })).message).toBe('错误');
      const free = await createCourse(t, { charge: 0, is_free: 1 });
      expect((await post('/api/v2/order/course', { course_id: free })).message).toBe('当前课程无法购买');
      expect((await post('/api/v2/order/course', { course_id: 'x' })).message).toBe('错误');

      await t.services.db
        .insertInto('user_courses')
        .values({ user_id: userA, course_id: courseId })
        .execute();
      const again = await post('/api/v2/order/course', { course_id: courseId });
      expect([again.code, again.message]).toEqual([1, '请勿重复购买']);
      // Another member may still buy it.
      expect((await post('/api/v2/order/course', { course_id: courseId }, tokenB)).code).toBe(0);
    });

    it('delivers a paid course once: ownership, subscriber count, message', async () => {
      const courseId = await createCourse(t, { charge: 50 });
      const order = (await post<CreatedOrder>('/api/v2/order/course', { course_id: courseId }, tokenB)).data;
      const result = await settle(order.order_id, 5000);
      expect(result.outcome).toBe('paid');
      expect((await settle(order.order_id, 5000)).outcome).toBe('duplicate');
      const owned = await t.services.db
        .selectFrom('user_courses')
        .selectAll()
        .where('user_id', '=', userB)
        .where('course_id', '=', courseId)
        .execute();
      expect(owned).toMatchObject([{ charge: 5000 }]);
      const course = await t.services.db
        .selectFrom('courses')
        .select('user_count')
        .where('id', '=', courseId)
        .executeTakeFirstOrThrow();
      expect(course.user_count).toBe(1);
      expect(await paidMessages(t, userB, order.order_id)).toHaveLength(1);
      expect((await post('/api/v2/order/course', { course_id: courseId }, tokenB)).message).toBe(
        '请勿重复购买',
      );
    });
  });

  describe('a single-lesson order brought from MeEdu', () => {
    it('delivers the lesson once when paid after the move', async () => {
      const { db } = t.services;
      const courseId = await createCourse(t, { charge: 50 });
      const video = await db
        .insertInto('videos')
        .values({ course_id: courseId, title: '单独购买的课时', slug: `single-${courseId}`, charge: 500 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const order = await db
        .insertInto('orders')
        .values({ order_id: '202401011200001234', user_id: userB, charge: 500, amount: 500, status: 5 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_goods')
        .values({
          order_id: order.id,
          goods_type: 'VIDEO',
          goods_id: video.id,
          goods_name: '单独购买的课时',
          goods_charge: 500,
          goods_ori_charge: 500,
        })
        .execute();
      expect((await settle('202401011200001234', 500)).outcome).toBe('paid');
      expect((await settle('202401011200001234', 500)).outcome).toBe('duplicate');
      const owned = await db.selectFrom('user_videos').selectAll().where('user_id', '=', userB).execute();
      expect(owned).toMatchObject([{ video_id: video.id, charge: 500 }]);
      const history = await get<{ data: { order_id: string; goods: { goods_type: string }[] }[] }>(
        '/api/v2/member/orders?page=1&page_size=50',
        tokenB,
      );
      expect(history.code).toBe(0);
      expect(history.data.data.find((row) => row.order_id === '202401011200001234')?.goods).toMatchObject([
        { goods_type: 'VIDEO', goods_id: video.id, goods_name: '单独购买的课时' },
      ]);
    });
  });

  describe('promo codes', () => {
    it('checks codes: unknown, valid (shape and types), own, expired and used up', async () => {
      expect((await get<PromoCodeCheck>('/api/v2/promoCode/NOPE/check')).data).toEqual({
        can_use: 0,
        promo_code: [],
      });
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${'y'.repeat(90)}/check`)).data).toEqual({
        can_use: 0,
        promo_code: [],
      });

      const valid = await createPromo(t, {
        invited_user_reward: 12,
        invite_user_reward: 3,
        expired_at: new Date('2099-01-01T00:00:00Z'),
      });
      const check = await get<PromoCodeCheck>(`/api/v2/promoCode/${valid}/check`);
      expect(check.data).toEqual({
        can_use: 1,
        promo_code: {
          id: expect.any(Number),
          code: valid,
          expired_at: '2099-01-01 08:00:00',
          invited_user_reward: 12,
          invite_user_reward: 3,
        },
      });
      expect((await get(`/api/v2/promoCode/${valid}`, null)).code).toBe(0);

      const own = await createPromo(t, { user_id: userA });
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${own}/check`)).data.can_use).toBe(0);
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${own}/check`, tokenB)).data.can_use).toBe(1);

      const expired = await createPromo(t, { expired_at: new Date(Date.now() - 1000) });
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${expired}/check`)).data.can_use).toBe(0);

      const usedUp = await createPromo(t, { use_times: 2, used_times: 2 });
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${usedUp}/check`)).data.can_use).toBe(0);

      expect((await get(`/api/v2/promoCode/${valid}/check`, null)).code).toBe(401);
    });

    it('discounts an order, counts the use, and is then unusable for that member only', async () => {
      const code = await createPromo(t, { invited_user_reward: 10, use_times: 5 });
      const order = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId, promo_code: code }))
        .data;
      expect(order).toMatchObject({ charge: 30, discount: 10, amount: 20, status_text: '未支付' });
      expect(await promoUsedTimes(code)).toBe(1);
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${code}/check`)).data.can_use).toBe(0);
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${code}/check`, tokenB)).data.can_use).toBe(1);
      // A second order with the same code is charged the full price: the code is silently ignored.
      const second = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId, promo_code: code }))
        .data;
      expect(second).toMatchObject({ discount: 0, amount: 30 });
    });

    it('ignores unknown, own, expired and used-up codes when ordering', async () => {
      const own = await createPromo(t, { user_id: userA });
      const expired = await createPromo(t, { expired_at: new Date(Date.now() - 1000) });
      const usedUp = await createPromo(t, { use_times: 1, used_times: 1 });
      for (const code of ['UNKNOWN', own, expired, usedUp]) {
        const order = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId, promo_code: code }))
          .data;
        expect(order).toMatchObject({ discount: 0, amount: 30 });
      }
      expect(await promoUsedTimes(usedUp)).toBe(1);
    });

    it('hands out the last use once when two members order at the same time', async () => {
      const code = await createPromo(t, { use_times: 1 });
      const [a, b] = await Promise.all([
        post<CreatedOrder>('/api/v2/order/role', { role_id: roleId, promo_code: code }, tokenA),
        post<CreatedOrder>('/api/v2/order/role', { role_id: roleId, promo_code: code }, tokenB),
      ]);
      expect([a.data.discount, b.data.discount].sort()).toEqual([0, 10]);
      expect(await promoUsedTimes(code)).toBe(1);
    });

    it('prices to the fen: ¥19.9 less a ¥0.5 code is ¥19.4, paid only with exactly 1940 fen', async () => {
      const { token, id: user } = await loginMember(t, '13900000019');
      const courseId = await createCourse(t, { charge: 19.9 });
      const course = await get<{ course: { charge: number } }>(`/api/v2/course/${courseId}`, token);
      expect(course.data.course.charge).toBe(19.9);
      const code = await createPromo(t, { invited_user_reward: 0.5 });
      const checked = await get<{ promo_code: { invited_user_reward: number } }>(
        `/api/v2/promoCode/${code}/check`,
        token,
      );
      expect(checked.data.promo_code.invited_user_reward).toBe(0.5);
      const order = (
        await post<CreatedOrder>('/api/v2/order/course', { course_id: courseId, promo_code: code }, token)
      ).data;
      expect(order).toMatchObject({ charge: 19.9, discount: 0.5, amount: 19.4 });
      expect(await orderRow(t, order.order_id)).toMatchObject({ charge: 1990, discount: 50, amount: 1940 });
      // A gateway that reports one fen less (or the yuan rounded) is refused.
      expect((await settle(order.order_id, 1939)).outcome).toBe('rejected');
      expect((await settle(order.order_id, 1900)).outcome).toBe('rejected');
      expect((await settle(order.order_id, 1940)).outcome).toBe('paid');
      const owned = await t.services.db
        .selectFrom('user_courses')
        .select('charge')
        .where('user_id', '=', user)
        .where('course_id', '=', courseId)
        .executeTakeFirstOrThrow();
      expect(owned.charge).toBe(1940);
      const history = await get<{ data: { amount: number; discount: number; charge: number }[] }>(
        '/api/v2/member/orders?page=1&page_size=10',
        token,
      );
      expect(history.data.data[0]).toMatchObject({ charge: 19.9, discount: 0.5, amount: 19.4 });
    });

    it('a VIP plan of ¥19.9 with 8.5折 (15 % off) costs ¥16.92: the discount rounds down to the fen', async () => {
      const { token } = await loginMember(t, '13900000020');
      const plan = await createRole(t, { name: '体验会员', charge: 19.9, expire_days: 7 });
      const { db } = t.services;
      await db
        .insertInto('promo_codes')
        .values({
          code: 'FEN85OFF',
          user_id: null,
          discount_type: 'percent',
          percent_off: 15,
          expired_at: null,
        })
        .execute();
      const listed = await get<{ id: number; charge: number }[]>('/api/v2/roles', token);
      expect(listed.data.find((role) => role.id === plan)?.charge).toBe(19.9);
      const order = (
        await post<CreatedOrder>('/api/v2/order/role', { role_id: plan, promo_code: 'FEN85OFF' }, token)
      ).data;
      expect(order).toMatchObject({ charge: 19.9, discount: 2.98, amount: 16.92 });
      expect((await settle(order.order_id, 1692)).outcome).toBe('paid');
    });

    it('a code covering the whole price pays and delivers the order at once (never below zero)', async () => {
      const { token, id: user } = await loginMember(t, '13900000003');
      const owner = await memberId(t, '13900000002');
      const code = await createPromo(t, { invited_user_reward: 500, user_id: owner, invite_user_reward: 4 });
      const before = new Date();
      const res = await post<CreatedOrder>(
        '/api/v2/order/role',
        { role_id: roleId, promo_code: code },
        token,
      );
      expect(res.data).toMatchObject({
        status: 9,
        status_text: '已支付',
        continue_pay: false,
        charge: 30,
        discount: 30,
        amount: 0,
      });
      const member = await memberRow(t, user);
      expect(member.role_id).toBe(roleId);
      const expected = before.getTime() + 30 * DAY;
      expect(Math.abs(member.role_expired_at!.getTime() - expected)).toBeLessThan(60_000);
      const inviter = await memberRow(t, owner);
      expect(inviter.invite_balance).toBe(400);
      const messages = await t.services.db
        .selectFrom('notifications')
        .select('message')
        .where('user_id', '=', user)
        .execute();
      expect(messages.map((m) => m.message)).toContain(`订单${res.data.order_id}已支付`);

      const courseId = await createCourse(t, { charge: 5 });
      const free = await post<CreatedOrder>(
        '/api/v2/order/course',
        { course_id: courseId, promo_code: await createPromo(t) },
        token,
      );
      expect(free.data.status_text).toBe('已支付');
      const owned = await t.services.db
        .selectFrom('user_courses')
        .select('course_id')
        .where('user_id', '=', user)
        .execute();
      expect(owned.map((row) => row.course_id)).toContain(courseId);
    });
  });

  describe('paying', () => {
    it('stacks VIP periods: a new plan starts at the current expiry, or now when expired', async () => {
      const { token, id: user } = await loginMember(t, '13900000004');
      const first = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId }, token)).data;
      const start = Date.now();
      expect((await settle(first.order_id, 3000)).outcome).toBe('paid');
      const second = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId }, token)).data;
      expect((await settle(second.order_id, 3000)).outcome).toBe('paid');
      let member = await memberRow(t, user);
      expect(Math.abs(member.role_expired_at!.getTime() - (start + 60 * DAY))).toBeLessThan(60_000);

      await t.services.db
        .updateTable('users')
        .set({ role_expired_at: new Date(Date.now() - 10 * DAY) })
        .where('id', '=', user)
        .execute();
      const third = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId }, token)).data;
      expect((await settle(third.order_id, 3000)).outcome).toBe('paid');
      member = await memberRow(t, user);
      expect(Math.abs(member.role_expired_at!.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    });

    it('delivers what was sold even when the plan changes before payment', async () => {
      const plan = await createRole(t, { name: '季度会员', charge: 80, expire_days: 90 });
      const { token, id: user } = await loginMember(t, '13900000005');
      const order = (await post<CreatedOrder>('/api/v2/order/role', { role_id: plan }, token)).data;
      await t.services.db
        .updateTable('roles')
        .set({ charge: 1, expire_days: 1 })
        .where('id', '=', plan)
        .execute();
      expect((await settle(order.order_id, 1 * 100)).outcome).toBe('rejected');
      expect((await settle(order.order_id, 80 * 100)).outcome).toBe('paid');
      const member = await memberRow(t, user);
      expect(Math.abs(member.role_expired_at!.getTime() - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    });

    it('a wrong amount or an unknown order changes nothing and is logged', async () => {
      const order = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId })).data;
      const wrong = await settle(order.order_id, 2999);
      expect(wrong).toMatchObject({
        outcome: 'rejected',
        reason: expect.stringContaining('amount mismatch'),
      });
      expect((await orderRow(t, order.order_id)).status).toBe(1);
      expect((await settle('no-such-order', 100)).outcome).toBe('rejected');
      const logged = await t.services.db
        .selectFrom('order_payments')
        .select(['outcome', 'out_trade_no', 'amount_cents'])
        .where('out_trade_no', 'in', [order.order_id, 'no-such-order'])
        .orderBy('id')
        .execute();
      expect(logged).toEqual([
        { outcome: 'rejected', out_trade_no: order.order_id, amount_cents: 2999 },
        { outcome: 'rejected', out_trade_no: 'no-such-order', amount_cents: 100 },
      ]);
    });

    it('concurrent confirmations grant once', async () => {
      const { token, id: user } = await loginMember(t, '13900000006');
      const order = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId }, token)).data;
      const results = await Promise.all(Array.from({ length: 6 }, () => settle(order.order_id, 3000)));
      expect(results.filter((r) => r.outcome === 'paid')).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(5);
      const member = await memberRow(t, user);
      expect(Math.abs(member.role_expired_at!.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
      expect(await paidMessages(t, user, order.order_id)).toHaveLength(1);
    });

    it('grants the paid-order credit reward as a ratio of the amount paid', async () => {
      await t.services.settings.set('credit1_reward.paid_order', '0.5');
      try {
        const { token, id: user } = await loginMember(t, '13900000007');
        const order = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId }, token)).data;
        await settle(order.order_id, 3000);
        await settle(order.order_id, 3000);
        const member = await memberRow(t, user);
        expect(member.credit1).toBe(15);
      } finally {
        await t.services.settings.set('credit1_reward.paid_order', '');
      }
    });
  });

  describe('expiry', () => {
    it('cancels orders unpaid for 60 minutes, gives promo uses back, and still honours a late payment', async () => {
      const mobile = '13900000008';
      const token = await t.loginBySms(mobile);
      const code = await createPromo(t, { use_times: 1, invited_user_reward: 5 });
      const stale = (
        await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId, promo_code: code }, token)
      ).data;
      const fresh = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId }, token)).data;
      await updateOrder(t, stale.order_id, { created_at: new Date(Date.now() - 61 * 60_000) });
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${code}/check`, tokenB)).data.can_use).toBe(0);

      const { cancelled } = await expireUnpaidOrders(t.services.db, new Date());
      expect(cancelled).toBeGreaterThanOrEqual(1);
      expect(await orderRow(t, stale.order_id)).toMatchObject({ status: 7, cancel_reason: 'expired' });
      expect((await orderRow(t, fresh.order_id)).status).toBe(1);
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${code}/check`, tokenB)).data.can_use).toBe(1);
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${code}/check`, token)).data.can_use).toBe(1);
      expect(
        (
          await get<{ status: number; status_text: string }>(
            `/api/v2/order/status?order_id=${stale.order_id}`,
            token,
          )
        ).data,
      ).toEqual({
        status: 7,
        status_text: '已取消',
      });
      expect((await expireUnpaidOrders(t.services.db, new Date())).cancelled).toBe(0);

      // The gateway confirms money after the expiry: the order is paid and the use taken back.
      expect((await settle(stale.order_id, 2500)).outcome).toBe('paid');
      expect(await promoUsedTimes(code)).toBe(1);
      expect((await get<PromoCodeCheck>(`/api/v2/promoCode/${code}/check`, token)).data.can_use).toBe(0);
    });
  });

  describe('GET /api/v2/order/status and ownership', () => {
    it('answers the status with exact types; another member’s order is 错误', async () => {
      const order = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId })).data;
      const res = await get(`/api/v2/order/status?order_id=${order.order_id}`);
      expect(res.data).toEqual({ status: 1, status_text: '未支付' });
      expect((await get(`/api/v2/order/status?order_id=${order.order_id}`, tokenB)).message).toBe('错误');
      expect((await get(`/api/v2/order/status`)).message).toBe('参数错误');
      expect((await get(`/api/v2/order/status?order_id=${'9'.repeat(40)}`)).message).toBe('参数错误');
      expect((await get(`/api/v2/order/status?order_id=${order.order_id}`, null)).code).toBe(401);
    });
  });

  describe('GET /api/v2/member/orders', () => {
    it('pages the member’s own orders newest first with goods, as a Laravel paginator', async () => {
      const { token, id: user } = await loginMember(t, '13900000009');
      const courseId = await createCourse(t, { title: '订单列表课程', charge: 40 });
      const courseOrder = (await post<CreatedOrder>('/api/v2/order/course', { course_id: courseId }, token))
        .data;
      const roleOrder = (await post<CreatedOrder>('/api/v2/order/role', { role_id: roleId }, token)).data;
      await settle(roleOrder.order_id, 3000);

      const res = await get<MemberOrdersPage>('/api/v2/member/orders?page=1&page_size=1', token);
      expect(res.code).toBe(0);
      const page = res.data;
      expect(page).toMatchObject({
        current_page: 1,
        per_page: 1,
        total: 2,
        last_page: 2,
        from: 1,
        to: 1,
        path: 'api/v2/member/orders',
        first_page_url: 'api/v2/member/orders?page=1',
        next_page_url: 'api/v2/member/orders?page=2',
        prev_page_url: null,
      });
      expect(page.data[0]).toEqual({
        id: roleOrder.id,
        user_id: user,
        charge: 30,
        order_id: roleOrder.order_id,
        status: 9,
        status_text: '已支付',
        payment_text: '模拟支付',
        payment_method: 'sandbox',
        continue_pay: false,
        created_at: expect.stringMatching(ISO),
        discount: 0,
        amount: 30,
        is_refund: 0,
        refunded_charge: 0,
        refund_amount: 0,
        goods: [
          {
            num: 1,
            goods_text: 'ROLE',
            charge: 30,
            goods_type: 'ROLE',
            goods_name: '月度会员',
            goods_thumb: '',
            goods_id: roleId,
            goods_charge: 30,
            goods_ori_charge: 30,
          },
        ],
      });
      const second = await get<MemberOrdersPage>('/api/v2/member/orders?page=2&page_size=1', token);
      expect(second.data.data[0]).toMatchObject({
        order_id: courseOrder.order_id,
        status_text: '未支付',
        continue_pay: true,
      });
      expect(second.data.data[0].goods[0]).toMatchObject({
        goods_type: 'COURSE',
        goods_name: '订单列表课程',
        goods_id: courseId,
      });

      const beyond = await get<MemberOrdersPage>('/api/v2/member/orders?page=9', token);
      expect(beyond.data).toMatchObject({ data: [], from: null, to: null, total: 2 });
      const defaults = await get<MemberOrdersPage>('/api/v2/member/orders', token);
      expect(defaults.data.per_page).toBe(10);
      for (const bad of ['page=abc', 'page=0', 'page_size=1000', 'page=-1', 'page=1e3']) {
        const res2 = await get(`/api/v2/member/orders?${bad}`, token);
        expect([res2.code, res2.message]).toEqual([1, '参数错误']);
      }
      expect((await get('/api/v2/member/orders', null)).code).toBe(401);
    });
  });
});
