import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberOrdersPage } from '@kezhan/contract/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { FakeAlipay } from '../../../test/support/fakes/alipay';
import {
  createCourse,
  createPromo,
  createRole,
  enablePayments,
  loginMember,
  memberRow,
  orderCourse,
  orderRole,
  orderRow,
  payTicket,
  type LoggedInMember,
} from '../../../test/support/orders';
import { resendAutomaticRefunds } from '../orders/refunds';
import { expireUnpaidOrders } from '../orders/order-service';

const DAY = 86_400_000;
const COURSE_BOUGHT = '您已购买该课程，无需再次支付';
const VIP_WOULD_NOT_EXTEND = '该会员订单已无法延长会员有效期，无需支付';

describe('never charged twice for the same goods', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let alipay: FakeAlipay;
  let t: TestApp;
  let finance: AdminClient;
  let granter: AdminClient;
  let mobileSeq = 0;

  beforeAll(async () => {
    alipay = await new FakeAlipay(merchant.publicKey).start();
    t = await createTestApp({
      env: {
        ALIPAY_APP_ID: alipay.appId,
        ALIPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        ALIPAY_PUBLIC_KEY: alipay.platformPublicKeyBase64,
        ALIPAY_GATEWAY: `${alipay.url}/gateway.do`,
      },
    });
    await enablePayments(t, 'alipay', 'sandbox', 'handPay');
    finance = await signedInAdmin(t, 'finance');
    // Granting goods is a sensitive permission (member.grant): 超级管理员 holds it among the presets.
    granter = await signedInAdmin(t, 'super', 'granter');
  });
  afterAll(async () => {
    await t.close();
    await alipay.close();
  });

  const newMember = () => loginMember(t, `1396000${String((mobileSeq += 1)).padStart(4, '0')}`);

  /** Starts paying through a gateway (v2 redirect with a v3 ticket); answers the gateway address. */
  async function startPaying(member: LoggedInMember, orderNo: string, payment: 'alipay' | 'sandbox') {
    const ticket = await payTicket(t, member.token, orderNo);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/order/pay/redirect?order_id=${orderNo}&payment=${payment}&payment_scene=h5&scene=h5&ticket=${ticket}`,
    });
    expect(response.statusCode).toBe(302);
    const location = response.headers.location as string;
    if (payment === 'alipay') expect((await fetch(location)).status).toBe(200);
    return location;
  }

  const alipayNotify = (body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/payment/callback/alipay',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    });

  const sandboxPay = (location: string) =>
    t.app.inject({
      method: 'POST',
      url: new URL(location).pathname,
      payload: 'action=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  const messages = async (userId: number) =>
    (
      await t.services.db
        .selectFrom('notifications')
        .select('message')
        .where('user_id', '=', userId)
        .where('message', '!=', '用户注册成功')
        .orderBy('id')
        .execute()
    ).map((row) => row.message);

  const refundsOf = async (orderNo: string) => {
    const order = await orderRow(t, orderNo);
    return t.services.db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
  };

  const subscribers = async (courseId: number) =>
    (
      await t.services.db
        .selectFrom('courses')
        .select('user_count')
        .where('id', '=', courseId)
        .executeTakeFirstOrThrow()
    ).user_count;

  const owners = async (userId: number, courseId: number) =>
    (
      await t.services.db
        .selectFrom('user_courses')
        .select('course_id')
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .execute()
    ).length;

  describe('delivery cancels the member’s other open orders for the same goods', () => {
    it('a course: every other open order of the member, not other members’ nor other goods', async () => {
      const buyer = await newMember();
      const other = await newMember();
      const courseId = await createCourse(t, { title: '重复购买课程', charge: 99 });
      const elseId = await createCourse(t, { title: '另一门课程', charge: 99 });
      const code = await createPromo(t, { invited_user_reward: 5, use_times: 10 });
      const abandoned = (
        await t.request<{ order_id: string }>({
          method: 'POST',
          url: '/api/v2/order/course',
          payload: { course_id: courseId, promo_code: code },
          token: buyer.token,
        })
      ).data;
      const paying = await orderCourse(t, buyer.token, courseId);
      await startPaying(buyer, paying.order_id, 'sandbox');
      const bought = await orderCourse(t, buyer.token, courseId);
      const othersOrder = await orderCourse(t, other.token, courseId);
      const elseOrder = await orderCourse(t, buyer.token, elseId);
      const usedBefore = (
        await t.services.db
          .selectFrom('promo_codes')
          .select('used_times')
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).used_times;

      const location = await startPaying(buyer, bought.order_id, 'alipay');
      expect(location).toContain(alipay.url);
      expect((await alipayNotify(alipay.notification(bought.order_id))).body).toBe('success');

      for (const orderNo of [abandoned.order_id, paying.order_id]) {
        expect(await orderRow(t, orderNo)).toMatchObject({ status: 7, cancel_reason: 'superseded' });
      }
      expect((await orderRow(t, othersOrder.order_id)).status).toBe(1);
      expect((await orderRow(t, elseOrder.order_id)).status).toBe(1);
      // The abandoned order's promo-code use is given back.
      const usedAfter = (
        await t.services.db
          .selectFrom('promo_codes')
          .select('used_times')
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).used_times;
      expect(usedAfter).toBe(usedBefore - 1);
      const history = await t.services.db
        .selectFrom('order_state_history')
        .select(['event', 'actor', 'note'])
        .where('order_id', '=', (await orderRow(t, abandoned.order_id)).id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(history).toEqual({
        event: 'cancel',
        actor: 'system',
        note: `superseded by order ${bought.order_id}`,
      });

      // 我的订单 no longer offers to pay them.
      const list = await t.request<MemberOrdersPage>({
        method: 'GET',
        url: '/api/v2/member/orders?page=1&page_size=10',
        token: buyer.token,
      });
      const byNo = new Map(list.data.data.map((order) => [order.order_id, order]));
      expect(byNo.get(abandoned.order_id)).toMatchObject({
        status: 7,
        status_text: '已取消',
        continue_pay: false,
      });
      expect(byNo.get(paying.order_id)).toMatchObject({ continue_pay: false });
      expect(byNo.get(elseOrder.order_id)).toMatchObject({ continue_pay: true });
    });

    it('a course granted by an operator cancels the member’s open orders for it too', async () => {
      const buyer = await newMember();
      const courseId = await createCourse(t, { title: '赠送课程', charge: 59 });
      const order = await orderCourse(t, buyer.token, courseId);
      const granted = await granter.request({
        method: 'POST',
        url: `/api/admin/members/${buyer.id}/grants`,
        payload: { kind: 'course', course_id: courseId, reason: '补偿' },
      });
      expect(granted.code).toBe(0);
      expect(await orderRow(t, order.order_id)).toMatchObject({ status: 7, cancel_reason: 'superseded' });
    });

    it('a VIP plan delivered by an order cancels open orders for the same plan; a gift of days does not', async () => {
      const buyer = await newMember();
      const month = await createRole(t, { name: '月度会员', charge: 30, expire_days: 30 });
      const year = await createRole(t, { name: '年度会员', charge: 298, expire_days: 365 });
      const twin = await orderRole(t, buyer.token, month);
      const yearly = await orderRole(t, buyer.token, year);
      const giftTwin = await orderRole(t, buyer.token, month);
      const paid = await orderRole(t, buyer.token, month);
      // A gift first: the member's open orders stay payable.
      const gift = await granter.request({
        method: 'POST',
        url: `/api/admin/members/${buyer.id}/grants`,
        payload: { kind: 'vip', role_id: month, days: 7, reason: '活动赠送' },
      });
      expect(gift.code).toBe(0);
      expect((await orderRow(t, giftTwin.order_id)).status).toBe(1);

      await startPaying(buyer, paid.order_id, 'alipay');
      expect((await alipayNotify(alipay.notification(paid.order_id))).body).toBe('success');
      expect(await orderRow(t, twin.order_id)).toMatchObject({ status: 7, cancel_reason: 'superseded' });
      expect(await orderRow(t, giftTwin.order_id)).toMatchObject({ status: 7, cancel_reason: 'superseded' });
      expect((await orderRow(t, yearly.order_id)).status).toBe(1);
      // Buying the same plan again afterwards is a new period, and it stacks.
      const again = await orderRole(t, buyer.token, month);
      await startPaying(buyer, again.order_id, 'alipay');
      expect((await alipayNotify(alipay.notification(again.order_id))).body).toBe('success');
      expect((await orderRow(t, again.order_id)).status).toBe(9);
      const member = await memberRow(t, buyer.id);
      expect(Math.abs(member.role_expired_at!.getTime() - (Date.now() + 67 * DAY))).toBeLessThan(60_000);
    });
  });

  describe('no payment starts for goods the member already has', () => {
    /** The member owns the course without the order knowing (e.g. imported): the order stays open. */
    async function openOrderForOwnedCourse() {
      const buyer = await newMember();
      const courseId = await createCourse(t, { title: '已拥有课程', charge: 99 });
      const order = await orderCourse(t, buyer.token, courseId);
      const ticket = await payTicket(t, buyer.token, order.order_id);
      await t.services.db
        .insertInto('user_courses')
        .values({ user_id: buyer.id, course_id: courseId, charge: 0, created_at: new Date() })
        .execute();
      return { buyer, order, ticket };
    }

    it('v3 ticket, v2 redirect (even with a ticket issued before) and v3 manual transfer refuse, changing nothing', async () => {
      const { buyer, order, ticket } = await openOrderForOwnedCourse();
      const post = (url: string) =>
        t.request({ method: 'POST', url, payload: { order_id: order.order_id }, token: buyer.token });
      expect(await post('/api/v3/order/pay/ticket')).toMatchObject({ code: 1, message: COURSE_BOUGHT });
      expect(await post('/api/v3/order/pay/handPay')).toMatchObject({ code: 1, message: COURSE_BOUGHT });
      const redirect = await t.request({
        method: 'GET',
        url: `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=alipay&payment_scene=h5&scene=h5&ticket=${ticket}`,
      });
      expect([redirect.statusCode, redirect.code, redirect.message]).toEqual([200, 1, COURSE_BOUGHT]);
      const row = await orderRow(t, order.order_id);
      expect([row.status, row.payment]).toEqual([1, '']);
      expect(alipay.trades.has(order.order_id)).toBe(false);
    });

    it('the cashier page (v3 pay_url) shows the reason instead of the payment methods, and refuses its form', async () => {
      const buyer = await newMember();
      const courseId = await createCourse(t, { title: '收银台课程', charge: 99 });
      const created = await t.request<{ order_no: string; pay_url: string }>({
        method: 'POST',
        url: '/api/v3/order',
        payload: { goods_type: 'COURSE', goods_id: courseId, agree_protocol: 1 },
        token: buyer.token,
      });
      const cashier = new URL(created.data.pay_url);
      await t.services.db
        .insertInto('user_courses')
        .values({ user_id: buyer.id, course_id: courseId, charge: 0, created_at: new Date() })
        .execute();
      const shown = await t.app.inject({ method: 'GET', url: `${cashier.pathname}${cashier.search}` });
      expect(shown.statusCode).toBe(409);
      expect(shown.body).toContain(`<p>${COURSE_BOUGHT}</p>`);
      expect(shown.body).not.toContain('确认支付');
      for (const method of ['alipay', 'handPay']) {
        const posted = await t.app.inject({
          method: 'POST',
          url: `${cashier.pathname}${cashier.search}`,
          payload: `payment_method=${method}`,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile',
          },
        });
        expect(posted.statusCode).toBe(409);
        expect(posted.body).toContain(`<p>${COURSE_BOUGHT}</p>`);
      }
      expect((await orderRow(t, created.data.order_no)).status).toBe(1);
    });

    it('a cancelled twin says why it cannot be paid; a VIP order whose plan adds no days is refused', async () => {
      const buyer = await newMember();
      const courseId = await createCourse(t, { title: '双订单课程', charge: 99 });
      const twin = await orderCourse(t, buyer.token, courseId);
      const bought = await orderCourse(t, buyer.token, courseId);
      await startPaying(buyer, bought.order_id, 'alipay');
      await alipayNotify(alipay.notification(bought.order_id));
      const ticket = await t.request({
        method: 'POST',
        url: '/api/v3/order/pay/ticket',
        payload: { order_id: twin.order_id },
        token: buyer.token,
      });
      expect(ticket).toMatchObject({ code: 1, message: COURSE_BOUGHT });

      const month = await createRole(t, { name: '月度会员', charge: 30, expire_days: 30 });
      const vipTwin = await orderRole(t, buyer.token, month);
      const vipPaid = await orderRole(t, buyer.token, month);
      await startPaying(buyer, vipPaid.order_id, 'alipay');
      await alipayNotify(alipay.notification(vipPaid.order_id));
      expect(
        await t.request({
          method: 'POST',
          url: '/api/v3/order/pay/handPay',
          payload: { order_id: vipTwin.order_id },
          token: buyer.token,
        }),
      ).toMatchObject({ code: 1, message: VIP_WOULD_NOT_EXTEND });

      const noDays = await orderRole(t, buyer.token, month);
      await t.services.db
        .updateTable('order_goods')
        .set({ expire_days: 0 })
        .where('order_id', '=', (await orderRow(t, noDays.order_id)).id)
        .execute();
      expect(
        await t.request({
          method: 'POST',
          url: '/api/v3/order/pay/ticket',
          payload: { order_id: noDays.order_id },
          token: buyer.token,
        }),
      ).toMatchObject({ code: 1, message: VIP_WOULD_NOT_EXTEND });
    });

    it('a manual transfer already chosen cannot be confirmed by the console once the course is the member’s', async () => {
      const buyer = await newMember();
      const courseId = await createCourse(t, { title: '线下转账课程', charge: 88 });
      const order = await orderCourse(t, buyer.token, courseId);
      await t.request({
        method: 'POST',
        url: '/api/v3/order/pay/handPay',
        payload: { order_id: order.order_id },
        token: buyer.token,
      });
      const other = await orderCourse(t, buyer.token, courseId);
      await startPaying(buyer, other.order_id, 'alipay');
      await alipayNotify(alipay.notification(other.order_id));
      // The manual-transfer order was cancelled by that delivery; had the operator opened it before:
      await t.services.db
        .updateTable('orders')
        .set({ status: 5, cancel_reason: '' })
        .where('order_id', '=', order.order_id)
        .execute();
      const confirmed = await finance.request({
        method: 'POST',
        url: `/api/admin/orders/${order.order_id}/mark-paid`,
        payload: {},
      });
      expect(confirmed).toMatchObject({
        code: 1,
        message: '学员已拥有「线下转账课程」，无需确认收款，请将这笔转账退回学员',
      });
      expect((await orderRow(t, order.order_id)).status).toBe(5);
      expect(await refundsOf(order.order_id)).toEqual([]);
    });
  });

  describe('a payment that was already under way is refunded through its gateway, once', () => {
    it('the second course payment delivers nothing, is refunded and the member is told; replays change nothing', async () => {
      const buyer = await newMember();
      const courseId = await createCourse(t, { title: '在途支付课程', charge: 129 });
      const first = await orderCourse(t, buyer.token, courseId);
      const second = await orderCourse(t, buyer.token, courseId);
      await startPaying(buyer, first.order_id, 'alipay');
      await startPaying(buyer, second.order_id, 'alipay');
      const firstNotice = alipay.notification(first.order_id);
      const secondNotice = alipay.notification(second.order_id);

      expect((await alipayNotify(firstNotice)).body).toBe('success');
      expect(await orderRow(t, second.order_id)).toMatchObject({ status: 7, cancel_reason: 'superseded' });
      expect((await alipayNotify(secondNotice)).body).toBe('success');

      const refunded = await orderRow(t, second.order_id);
      expect([refunded.status, refunded.refunded_amount, refunded.payment]).toEqual([11, 12900, 'alipay']);
      const refunds = await refundsOf(second.order_id);
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({
        amount: 12900,
        status: 'succeeded',
        gateway: 'alipay',
        revoked_goods: 0,
        request_key: 'duplicate-payment',
        reason: '重复支付，自动原路退款',
        administrator: 'system',
      });
      expect(alipay.refunds.get(refunds[0].out_refund_no)).toMatchObject({
        outTradeNo: second.order_id,
        refundAmount: '129.00',
      });
      // The member keeps the course bought once.
      expect(await owners(buyer.id, courseId)).toBe(1);
      expect(await subscribers(courseId)).toBe(1);
      expect((await orderRow(t, first.order_id)).status).toBe(9);
      const inbox = await messages(buyer.id);
      expect(inbox).toEqual([
        `订单${first.order_id}已支付`,
        `您已购买课程「在途支付课程」，订单${second.order_id}支付的129元将原路退回，无需任何操作。`,
        `订单${second.order_id}已退款129元`,
      ]);

      // Alipay repeats its notifications: nothing more is refunded, delivered or said.
      for (let i = 0; i < 3; i += 1) {
        expect((await alipayNotify(secondNotice)).body).toBe('success');
        expect((await alipayNotify(firstNotice)).body).toBe('success');
      }
      expect(await refundsOf(second.order_id)).toHaveLength(1);
      expect(alipay.refundRequests.filter((no) => no === refunds[0].out_refund_no)).toHaveLength(1);
      expect(await messages(buyer.id)).toEqual(inbox);
      expect(await subscribers(courseId)).toBe(1);
    });

    it('two payments notified at the same moment: exactly one delivers, the other is refunded once', async () => {
      const buyer = await newMember();
      const courseId = await createCourse(t, { title: '同时支付课程', charge: 99 });
      const a = await orderCourse(t, buyer.token, courseId);
      const b = await orderCourse(t, buyer.token, courseId);
      await startPaying(buyer, a.order_id, 'alipay');
      await startPaying(buyer, b.order_id, 'alipay');
      const notices = [alipay.notification(a.order_id), alipay.notification(b.order_id)];

      const answers = await Promise.all(notices.map(alipayNotify));
      expect(answers.map((answer) => answer.body)).toEqual(['success', 'success']);
      const rows = [await orderRow(t, a.order_id), await orderRow(t, b.order_id)];
      expect(rows.map((row) => row.status).sort((x, y) => x - y)).toEqual([9, 11]);
      const refundedNo = rows.find((row) => row.status === 11)!.order_id;
      const paidNo = rows.find((row) => row.status === 9)!.order_id;
      expect(await refundsOf(refundedNo)).toMatchObject([{ status: 'succeeded', amount: 9900 }]);
      expect(await refundsOf(paidNo)).toEqual([]);
      expect(await owners(buyer.id, courseId)).toBe(1);
      expect(await subscribers(courseId)).toBe(1);

      // Both notified again, at once and several times: nothing changes.
      await Promise.all([...notices, ...notices].map(alipayNotify));
      expect(await refundsOf(refundedNo)).toHaveLength(1);
      expect((await orderRow(t, paidNo)).status).toBe(9);
      expect(await subscribers(courseId)).toBe(1);
      const inbox = await messages(buyer.id);
      expect(inbox.filter((text) => text.includes('将原路退回'))).toHaveLength(1);
      expect(inbox.filter((text) => text === `订单${paidNo}已支付`)).toHaveLength(1);
    });

    it('two VIP payments for the same plan under way: one period is added, the other payment goes back', async () => {
      const buyer = await newMember();
      const month = await createRole(t, { name: '月度会员', charge: 30, expire_days: 30 });
      const a = await orderRole(t, buyer.token, month);
      const b = await orderRole(t, buyer.token, month);
      const sessionA = await startPaying(buyer, a.order_id, 'sandbox');
      const sessionB = await startPaying(buyer, b.order_id, 'sandbox');
      const [paidA, paidB] = await Promise.all([sandboxPay(sessionA), sandboxPay(sessionB)]);
      expect([paidA.statusCode, paidB.statusCode]).toEqual([303, 303]);
      const statuses = [(await orderRow(t, a.order_id)).status, (await orderRow(t, b.order_id)).status];
      expect(statuses.sort((x, y) => x - y)).toEqual([9, 11]);
      const member = await memberRow(t, buyer.id);
      expect(Math.abs(member.role_expired_at!.getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
      const inbox = await messages(buyer.id);
      const refundedNo = (await orderRow(t, a.order_id)).status === 11 ? a.order_id : b.order_id;
      expect(inbox).toContain(
        `您已开通「月度会员」，本订单是重复支付，订单${refundedNo}支付的30元将原路退回，无需任何操作。`,
      );
      expect(inbox).toContain(`订单${refundedNo}已退款30元`);
      expect(await refundsOf(refundedNo)).toMatchObject([{ gateway: 'sandbox', status: 'succeeded' }]);
    });

    it('a late payment of an expired order is still honoured when it delivers', async () => {
      const buyer = await newMember();
      const courseId = await createCourse(t, { title: '超时订单课程', charge: 99 });
      const order = await orderCourse(t, buyer.token, courseId);
      await startPaying(buyer, order.order_id, 'alipay');
      await t.services.db
        .updateTable('orders')
        .set({ created_at: new Date(Date.now() - 2 * 3600_000) })
        .where('order_id', '=', order.order_id)
        .execute();
      await expireUnpaidOrders(t.services.db, new Date());
      expect((await orderRow(t, order.order_id)).status).toBe(7);
      expect((await alipayNotify(alipay.notification(order.order_id))).body).toBe('success');
      expect((await orderRow(t, order.order_id)).status).toBe(9);
      expect(await owners(buyer.id, courseId)).toBe(1);
      expect(await refundsOf(order.order_id)).toEqual([]);
    });

    it('an unreachable gateway leaves the refund open; the job sends it again with the same number, once', async () => {
      const buyer = await newMember();
      const courseId = await createCourse(t, { title: '退款重试课程', charge: 66 });
      const first = await orderCourse(t, buyer.token, courseId);
      const second = await orderCourse(t, buyer.token, courseId);
      await startPaying(buyer, first.order_id, 'alipay');
      await startPaying(buyer, second.order_id, 'alipay');
      await alipayNotify(alipay.notification(first.order_id));
      alipay.answerKey = stranger.privateKey;
      try {
        expect((await alipayNotify(alipay.notification(second.order_id))).body).toBe('success');
      } finally {
        alipay.answerKey = undefined;
      }
      const [open] = await refundsOf(second.order_id);
      expect(open).toMatchObject({ status: 'processing', gateway_refund_no: '' });
      expect(open.failure_reason).not.toBe('');
      expect((await orderRow(t, second.order_id)).status).toBe(9);

      // Too soon: the job leaves it.
      expect(await resendAutomaticRefunds(t.services, new Date())).toEqual({ sent: 0 });
      const later = new Date(Date.now() + 6 * 60_000);
      expect(await resendAutomaticRefunds(t.services, later)).toEqual({ sent: 1 });
      expect(await refundsOf(second.order_id)).toMatchObject([
        { status: 'succeeded', out_refund_no: open.out_refund_no },
      ]);
      expect((await orderRow(t, second.order_id)).status).toBe(11);
      expect(await resendAutomaticRefunds(t.services, later)).toEqual({ sent: 0 });
      expect(alipay.refunds.get(open.out_refund_no)?.refundAmount).toBe('66.00');
      expect(await owners(buyer.id, courseId)).toBe(1);
    });
  });
});
