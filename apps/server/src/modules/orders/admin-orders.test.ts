import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderDetail, AdminRefund } from '@kezhan/contract/admin/orders';
import type { PlayInfo } from '@kezhan/contract/courses';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { addVideo } from '../../../test/support/courses';
import { FakeAlipay } from '../../../test/support/fakes/alipay';
import { FakeWechatPay } from '../../../test/support/fakes/wechat-pay';
import { alipaySignedSection } from '../../providers/payment/alipay';
import { runCommand } from '../../cli/run-command';
import {
  chooseHandPay,
  createCourse,
  enablePayments,
  loginMember,
  orderCourse,
  orderRow,
  payTicket,
  type LoggedInMember,
} from '../../../test/support/orders';

const MCH_ID = '1900000001';
const WECHAT_APP_ID = 'wx0000000000000001';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A72';
const API_V3_KEY = 'k'.repeat(16) + 'v3apikey00000000';
const DENIED = '没有权限执行此操作';

/** An audit row's `after` (JSON text with PGlite or node-postgres alike). */
const afterOf = (row: { after: unknown }) =>
  (typeof row.after === 'string' ? JSON.parse(row.after) : row.after) as Record<string, unknown>;

describe('console orders and refunds (/api/admin/orders…)', () => {
  const alipayMerchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const wechatMerchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let alipay: FakeAlipay;
  let wechat: FakeWechatPay;
  let t: TestApp;
  let finance: AdminClient;
  let support: AdminClient;
  let content: AdminClient;
  let buyer: LoggedInMember;
  let courseSeq = 0;

  beforeAll(async () => {
    alipay = await new FakeAlipay(alipayMerchant.publicKey).start();
    wechat = await new FakeWechatPay({
      mchId: MCH_ID,
      appId: WECHAT_APP_ID,
      serialNo: SERIAL,
      publicKey: wechatMerchant.publicKey,
      apiV3Key: API_V3_KEY,
      appSecret: 'mp-app-secret',
    }).start();
    t = await createTestApp({
      env: {
        ALIPAY_APP_ID: alipay.appId,
        ALIPAY_PRIVATE_KEY: alipayMerchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        ALIPAY_PUBLIC_KEY: alipay.platformPublicKeyBase64,
        ALIPAY_GATEWAY: `${alipay.url}/gateway.do`,
        WECHAT_MP_APP_ID: WECHAT_APP_ID,
        WECHAT_MP_APP_SECRET: 'mp-app-secret',
        WECHAT_API_BASE: wechat.url,
        WECHAT_PAY_MCH_ID: MCH_ID,
        WECHAT_PAY_SERIAL_NO: SERIAL,
        WECHAT_PAY_PRIVATE_KEY: wechatMerchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        WECHAT_PAY_API_V3_KEY: API_V3_KEY,
        WECHAT_PAY_PLATFORM_PUBLIC_KEY: wechat.platformPublicKeyPem,
        WECHAT_PAY_PLATFORM_SERIAL: wechat.platformSerial,
        WECHAT_PAY_BASE_URL: wechat.url,
      },
    });
    await enablePayments(t, 'alipay', 'wechat_h5', 'sandbox', 'handPay');
    buyer = await loginMember(t, '13950000001');
    finance = await signedInAdmin(t, 'finance');
    support = await signedInAdmin(t, 'support');
    content = await signedInAdmin(t, 'content');
  });
  afterAll(async () => {
    await t.close();
    await alipay.close();
    await wechat.close();
  });

  /** A paid course with one paid lesson. */
  async function newCourse(charge = 50) {
    courseSeq += 1;
    const courseId = await createCourse(t, { title: `退款课程${courseSeq}`, charge });
    const videoId = await addVideo(t.services.db, courseId, { url: 'https://cdn.example.com/full.m3u8' });
    return { courseId, videoId };
  }

  const playinfo = (videoId: number) =>
    t.request<PlayInfo>({
      method: 'GET',
      url: `/api/v2/video/${videoId}/playinfo?is_try=0`,
      token: buyer.token,
    });

  async function redirectTo(orderNo: string, payment: string) {
    const ticket = await payTicket(t, buyer.token, orderNo);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v2/order/pay/redirect?order_id=${orderNo}&payment=${payment}&payment_scene=h5&scene=h5&ticket=${ticket}&s_url=${encodeURIComponent('http://api.test/order/success')}`,
    });
    expect(response.statusCode).toBe(302);
    return response.headers.location as string;
  }

  /** Buys a new course through `payment` and answers the order number and the lesson. */
  async function paidOrder(payment: 'sandbox' | 'alipay' | 'wechat_h5' | 'handPay', charge = 50) {
    const { courseId, videoId } = await newCourse(charge);
    const order = await orderCourse(t, buyer.token, courseId);
    if (payment === 'handPay') {
      await chooseHandPay(t, buyer.token, order.order_id);
      return { orderNo: order.order_id, courseId, videoId };
    }
    const location = await redirectTo(order.order_id, payment);
    if (payment === 'sandbox') {
      const paid = await t.app.inject({
        method: 'POST',
        url: new URL(location).pathname,
        payload: 'action=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(paid.statusCode).toBe(303);
    } else if (payment === 'alipay') {
      expect((await fetch(location)).status).toBe(200);
      const notified = await t.app.inject({
        method: 'POST',
        url: '/payment/callback/alipay',
        payload: alipay.notification(order.order_id),
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      });
      expect(notified.body).toBe('success');
    } else {
      const notification = wechat.notification(order.order_id);
      const notified = await t.app.inject({
        method: 'POST',
        url: '/payment/callback/wechat',
        payload: notification.body,
        headers: notification.headers,
      });
      expect(notified.statusCode).toBe(200);
    }
    expect((await orderRow(t, order.order_id)).status).toBe(9);
    return { orderNo: order.order_id, courseId, videoId };
  }

  let keySeq = 0;
  const newKey = () => `test-key-${Date.now()}-${(keySeq += 1)}-abcdef`;
  const refund = (admin: AdminClient, orderNo: string, payload: Record<string, unknown> = {}) =>
    admin.request<AdminRefund>({
      method: 'POST',
      url: `/api/admin/orders/${orderNo}/refunds`,
      payload: { reason: '学员申请退款', request_key: newKey(), ...payload },
    });
  const detail = (orderNo: string, admin = finance) =>
    admin.request<AdminOrderDetail>({ method: 'GET', url: `/api/admin/orders/${orderNo}` });
  const list = (query: string, admin = finance) =>
    admin.request<{ data: AdminOrder[]; total: number }>({
      method: 'GET',
      url: `/api/admin/orders?${query}`,
    });
  const refundMessages = async (orderNo: string) =>
    (
      await t.services.db
        .selectFrom('notifications')
        .select('message')
        .where('user_id', '=', buyer.id)
        .where('message', 'like', `订单${orderNo}已退款%`)
        .orderBy('id')
        .execute()
    ).map((row) => row.message);

  describe('roles', () => {
    it('内容运营 is refused orders; 客服 may view but not refund, confirm or export', async () => {
      const { orderNo } = await paidOrder('sandbox');
      for (const response of [
        await list('', content),
        await detail(orderNo, content),
        await refund(content, orderNo, { amount: 1 }),
      ])
        expect([response.code, response.message]).toEqual([403, DENIED]);

      expect((await list('', support)).code).toBe(0);
      expect((await detail(orderNo, support)).data.order.order_id).toBe(orderNo);
      expect([
        (await refund(support, orderNo, { amount: 1 })).code,
        (await refund(support, orderNo)).message,
      ]).toEqual([403, DENIED]);
      const markPaid = await support.request({
        method: 'POST',
        url: `/api/admin/orders/${orderNo}/mark-paid`,
        payload: {},
      });
      expect([markPaid.code, markPaid.message]).toEqual([403, DENIED]);
      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/admin/orders/export',
        headers: { cookie: support.cookie },
      });
      expect(exported.json()).toMatchObject({ code: 403, message: DENIED });
      expect((await orderRow(t, orderNo)).refunded_amount).toBe(0);
    });

    it('needs a session and the CSRF token on changes', async () => {
      const { orderNo } = await paidOrder('sandbox');
      expect((await t.request({ method: 'GET', url: '/api/admin/orders' })).code).toBe(401);
      const noCsrf = await finance.request({
        method: 'POST',
        url: `/api/admin/orders/${orderNo}/refunds`,
        payload: { amount: 1, reason: 'x', request_key: newKey() },
        csrf: false,
      });
      expect([noCsrf.code, noCsrf.message]).toEqual([403, '页面已过期，请刷新后重试']);
    });
  });

  describe('list and detail', () => {
    it('searches by order number and mobile, filters, pages, and checks its input in Chinese', async () => {
      const first = await paidOrder('sandbox');
      const second = await paidOrder('handPay');
      const byNumber = await list(`keyword=${first.orderNo}`);
      expect(byNumber.data.data.map((row) => row.order_id)).toEqual([first.orderNo]);
      expect(byNumber.data.data[0]).toMatchObject({
        mobile: '13950000001',
        status: 9,
        status_text: '已支付',
        payment: 'sandbox',
        payment_name: '模拟支付',
        goods_type: 'COURSE',
        amount: 50,
      });
      const byMobile = await list('keyword=13950000001&page_size=100');
      expect(byMobile.data.data.map((row) => row.order_id)).toEqual(
        expect.arrayContaining([first.orderNo, second.orderNo]),
      );
      expect((await list('keyword=13999999999')).data).toEqual({ data: [], total: 0 });
      const paying = await list('status=5&payment=handPay&goods_type=COURSE');
      expect(paying.data.data.map((row) => row.order_id)).toContain(second.orderNo);
      expect(paying.data.data.every((row) => row.status === 5 && row.payment === 'handPay')).toBe(true);
      const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
      expect((await list(`created_from=${today}&created_to=${today}`)).data.total).toBeGreaterThan(1);
      expect((await list('created_to=2020-01-01')).data.total).toBe(0);
      expect((await list('goods_type=ROLE')).data.data.every((row) => row.goods_type === 'ROLE')).toBe(true);
      const paged = await list('page=1&page_size=1');
      expect(paged.data.data).toHaveLength(1);
      expect(paged.data.total).toBeGreaterThan(1);

      expect((await list('status=3')).message).toBe('订单状态错误');
      expect((await list('payment=paypal')).message).toBe('支付方式错误');
      expect((await list('goods_type=BOOK')).message).toBe('商品类型错误');
      expect((await list('created_from=2026-13-40')).message).toBe('开始日期格式错误');
      expect((await list('created_to=tomorrow')).message).toBe('结束日期格式错误');
      expect((await list('created_from=2026-05-02&created_to=2026-05-01')).message).toBe(
        '开始日期不能晚于结束日期',
      );
      expect((await list('page_size=1000')).message).toBe('参数错误');
    });

    it('shows goods, gateway messages, the status history and refunds', async () => {
      const { orderNo } = await paidOrder('sandbox');
      const shown = (await detail(orderNo)).data;
      expect(shown.order).toMatchObject({
        order_id: orderNo,
        status: 9,
        trade_no: expect.stringMatching(/^SANDBOX-/),
      });
      expect(shown.goods).toEqual([expect.objectContaining({ goods_type: 'COURSE', goods_charge: 50 })]);
      expect(shown.payments.map((event) => event.outcome)).toEqual(['started', 'paid']);
      expect(shown.history.map((step) => [step.event, step.from_status, step.to_status, step.actor])).toEqual(
        [
          ['start', 1, 5, 'member'],
          ['pay', 5, 9, 'sandbox'],
        ],
      );
      expect(shown).toMatchObject({ refunds: [], refundable: 50, can_mark_paid: false });
      const missing = await detail('20990101000000000000');
      expect([missing.code, missing.message]).toEqual([1, '订单不存在']);
    });
  });

  describe('mark paid (manual transfer)', () => {
    it('pays and delivers once through the settle path, audited, with the history naming the operator', async () => {
      const { orderNo, videoId } = await paidOrder('handPay');
      expect((await detail(orderNo)).data.can_mark_paid).toBe(true);
      const markPaid = () =>
        finance.request({
          method: 'POST',
          url: `/api/admin/orders/${orderNo}/mark-paid`,
          payload: { reference: 'BANK-001' },
        });
      expect((await markPaid()).code).toBe(0);
      expect(await orderRow(t, orderNo)).toMatchObject({
        status: 9,
        payment: 'handPay',
        trade_no: 'BANK-001',
      });
      expect((await playinfo(videoId)).code).toBe(0);
      const again = await markPaid();
      expect([again.code, again.message]).toEqual([1, '该订单不是待确认的手动打款订单']);
      const shown = (await detail(orderNo)).data;
      expect(shown.history.at(-1)).toMatchObject({
        event: 'pay',
        to_status: 9,
        actor: 'admin:finance',
        note: 'BANK-001',
      });
      const audits = (await auditRows(t, 'order.mark_paid')).filter((row) => row.target_id === orderNo);
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ administrator_name: 'finance', target_type: 'order' });
      expect(afterOf(audits[0])).toMatchObject({ status: 9, trade_no: 'BANK-001' });
      expect(
        (
          await finance.request({
            method: 'POST',
            url: `/api/admin/orders/${orderNo}/mark-paid`,
            payload: { reference: 'x'.repeat(129) },
          })
        ).message,
      ).toBe('转账流水号最长 128 个字符');
    });

    it('refuses an order a gateway confirms', async () => {
      const { orderNo } = await paidOrder('sandbox');
      const refused = await finance.request({
        method: 'POST',
        url: `/api/admin/orders/${orderNo}/mark-paid`,
        payload: {},
      });
      expect(refused.message).toBe('该订单通过模拟支付支付，到账由支付渠道确认');
    });
  });

  describe('refunds through the sandbox', () => {
    it('checks its input in Chinese and never refunds more than was paid', async () => {
      const { orderNo } = await paidOrder('sandbox');
      expect((await refund(finance, orderNo, { amount: undefined })).message).toBe('请输入退款金额');
      expect((await refund(finance, orderNo, { amount: 1.555 })).message).toBe(
        '退款金额须为金额，最多两位小数（如 19.9）',
      );
      expect((await refund(finance, orderNo, { amount: '0.001' })).message).toBe(
        '退款金额须为金额，最多两位小数（如 19.9）',
      );
      expect((await refund(finance, orderNo, { amount: 0 })).message).toBe(
        '退款金额须在 0.01 到 1000000 元之间',
      );
      expect((await refund(finance, orderNo, { amount: 1, reason: ' ' })).message).toBe('请填写退款原因');
      expect((await refund(finance, orderNo, { amount: 50.01 })).message).toBe(
        '退款金额须在 0.01 到 50 元之间',
      );
      const unpaid = await orderCourse(t, buyer.token, (await newCourse()).courseId);
      expect((await refund(finance, unpaid.order_id, { amount: 1 })).message).toBe(
        '只有已支付的订单可以退款',
      );
      expect((await orderRow(t, orderNo)).refunded_amount).toBe(0);
    });

    it('partial without revoking keeps the course; the rest revokes it; the member is told each time', async () => {
      const { orderNo, videoId } = await paidOrder('sandbox');
      const partial = await refund(finance, orderNo, { amount: 20, revoke: false });
      expect(partial.data).toMatchObject({
        amount: 20,
        status: 'succeeded',
        gateway: 'sandbox',
        revoked_goods: 0,
      });
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 2000 });
      expect((await playinfo(videoId)).code).toBe(0);

      const rest = await refund(finance, orderNo, { amount: 30, revoke: false });
      expect(rest.data).toMatchObject({ amount: 30, status: 'succeeded', revoked_goods: 1 });
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 5000 });
      expect(await playinfo(videoId)).toMatchObject({ code: 1, message: '请购买后观看' });
      expect(await refundMessages(orderNo)).toEqual([`订单${orderNo}已退款20元`, `订单${orderNo}已退款30元`]);
      expect((await refund(finance, orderNo, { amount: 1 })).message).toBe('只有已支付的订单可以退款');

      const shown = (await detail(orderNo)).data;
      expect(shown.refunds.map((item) => [item.amount, item.status, item.administrator])).toEqual([
        [20, 'succeeded', 'admin:finance'],
        [30, 'succeeded', 'admin:finance'],
      ]);
      expect(shown.history.at(-1)).toMatchObject({
        event: 'refund',
        from_status: 9,
        to_status: 11,
        actor: 'admin:finance',
      });
      expect(shown.refundable).toBe(0);
      const audits = (await auditRows(t, 'order.refund')).filter((row) => row.target_id === orderNo);
      expect(audits.map((row) => afterOf(row).amount)).toEqual([20, 30]);
    });

    it('a partial refund may revoke the course when the operator asks', async () => {
      const { orderNo, videoId } = await paidOrder('sandbox');
      expect((await refund(finance, orderNo, { amount: 10, revoke: true })).data.revoked_goods).toBe(1);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 1000 });
      expect((await playinfo(videoId)).message).toBe('请购买后观看');
    });

    it('refunds to the fen: ¥9.7 then ¥0.01 steps of a ¥19.9 order, never more than was paid', async () => {
      const { orderNo, videoId } = await paidOrder('sandbox', 19.9);
      expect((await detail(orderNo)).data).toMatchObject({ refundable: 19.9, order: { amount: 19.9 } });
      expect((await refund(finance, orderNo, { amount: '9.70' })).data).toMatchObject({
        amount: 9.7,
        status: 'succeeded',
      });
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 970 });
      expect((await playinfo(videoId)).code).toBe(0);
      // ¥10.20 is left: one fen more is refused, one fen less goes through, then the last fen.
      expect((await refund(finance, orderNo, { amount: 10.21 })).message).toBe(
        '退款金额须在 0.01 到 10.2 元之间',
      );
      expect((await refund(finance, orderNo, { amount: 10.19 })).data.amount).toBe(10.19);
      expect((await detail(orderNo)).data.refundable).toBe(0.01);
      expect((await refund(finance, orderNo, { amount: 0.01 })).data).toMatchObject({
        amount: 0.01,
        revoked_goods: 1,
      });
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 1990 });
      expect(await refundMessages(orderNo)).toEqual([
        `订单${orderNo}已退款9.7元`,
        `订单${orderNo}已退款10.19元`,
        `订单${orderNo}已退款0.01元`,
      ]);
      const shown = (await detail(orderNo)).data;
      expect(shown.order).toMatchObject({ amount: 19.9, refunded_amount: 19.9 });
      expect(shown.refunds.map((item) => item.amount)).toEqual([9.7, 10.19, 0.01]);
      const stored = await t.services.db
        .selectFrom('refunds')
        .select((eb) => eb.fn.sum<number>('refunds.amount').as('total'))
        .innerJoin('orders', 'orders.id', 'refunds.order_id')
        .where('orders.order_id', '=', orderNo)
        .executeTakeFirstOrThrow();
      expect(Number(stored.total)).toBe(1990);
    });

    it('concurrent clicks with one request key refund once', async () => {
      const { orderNo } = await paidOrder('sandbox');
      const key = newKey();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => refund(finance, orderNo, { amount: 50, request_key: key })),
      );
      expect(answers.map((answer) => answer.code)).toEqual([0, 0, 0, 0, 0]);
      expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 5000 });
      expect(await refundMessages(orderNo)).toHaveLength(1);
      expect((await auditRows(t, 'order.refund')).filter((row) => row.target_id === orderNo)).toHaveLength(1);
    });

    it('concurrent full refunds from different dialogs: only one goes through', async () => {
      const { orderNo } = await paidOrder('sandbox');
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => refund(finance, orderNo, { amount: 50 })),
      );
      expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
      for (const answer of answers.filter((item) => item.code !== 0))
        expect(answer.message).toMatch(/^(只有已支付的订单可以退款|该订单已无可退金额)$/);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 5000 });
      const rows = await t.services.db
        .selectFrom('refunds')
        .select('id')
        .where('order_id', '=', (await orderRow(t, orderNo)).id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('the CLI refunds through the same service and gateway', async () => {
      const { orderNo, videoId } = await paidOrder('sandbox');
      const done = await runCommand(t.services, [
        'order:refund',
        orderNo,
        '--amount',
        '50',
        '--reason',
        '命令行退款',
      ]);
      expect(done.exitCode).toBe(0);
      expect(done.output[0]).toBe(
        `Refund of ￥50 recorded for order ${orderNo} (fully refunded); goods revoked`,
      );
      expect((await detail(orderNo)).data.refunds).toEqual([
        expect.objectContaining({
          gateway: 'sandbox',
          status: 'succeeded',
          administrator: 'cli',
          reason: '命令行退款',
        }),
      ]);
      expect((await playinfo(videoId)).message).toBe('请购买后观看');
    });

    it('a manual transfer is refunded by hand, recorded at once', async () => {
      const { orderNo } = await paidOrder('handPay');
      await finance.request({ method: 'POST', url: `/api/admin/orders/${orderNo}/mark-paid`, payload: {} });
      expect((await refund(finance, orderNo, { amount: 50 })).data).toMatchObject({
        gateway: 'manual',
        status: 'succeeded',
      });
    });
  });

  describe('refunds through Alipay (alipay.trade.refund)', () => {
    it('cuts the signed object out of an answer exactly as it arrived', () => {
      const inner = '{"code":"10000","msg":"a \\"}\\" {b}","n":{"x":1}}';
      expect(
        alipaySignedSection(
          `{"alipay_trade_refund_response": ${inner},"sign":"s"}`,
          'alipay_trade_refund_response',
        ),
      ).toBe(inner);
      expect(alipaySignedSection('{"error_response":{}}', 'alipay_trade_refund_response')).toBeNull();
      expect(
        alipaySignedSection('{"alipay_trade_refund_response":{"open":1', 'alipay_trade_refund_response'),
      ).toBeNull();
    });

    it('sends a signed request, verifies the signed answer, and revokes the course', async () => {
      const { orderNo, videoId } = await paidOrder('alipay');
      const answer = await refund(finance, orderNo, { amount: 50 });
      expect(answer.data).toMatchObject({ status: 'succeeded', gateway: 'alipay', amount: 50 });
      expect(alipay.refunds.get(answer.data.out_refund_no)).toMatchObject({
        outTradeNo: orderNo,
        refundAmount: '50.00',
        reason: '学员申请退款',
      });
      expect(alipay.refused).toEqual([]);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 5000 });
      expect((await playinfo(videoId)).message).toBe('请购买后观看');
    });

    it('a refusal fails the refund and changes nothing', async () => {
      const { orderNo, videoId } = await paidOrder('alipay');
      alipay.refuseRefundsWith = 'ACQ.TRADE_NOT_ALLOW_REFUND';
      try {
        const answer = await refund(finance, orderNo, { amount: 50 });
        expect(answer.data).toMatchObject({
          status: 'failed',
          failure_reason: 'ACQ.TRADE_NOT_ALLOW_REFUND 交易不允许退款',
        });
      } finally {
        alipay.refuseRefundsWith = undefined;
      }
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 0 });
      expect((await playinfo(videoId)).code).toBe(0);
      expect((await detail(orderNo)).data.refundable).toBe(50);
    });

    it('an answer not signed by Alipay leaves the refund open; the same request then completes it once', async () => {
      const { orderNo } = await paidOrder('alipay');
      const key = newKey();
      alipay.answerKey = stranger.privateKey;
      let first: AdminRefund;
      try {
        first = (await refund(finance, orderNo, { amount: 50, request_key: key })).data;
      } finally {
        alipay.answerKey = undefined;
      }
      expect(first).toMatchObject({
        status: 'processing',
        failure_reason: 'Alipay refund answer is not signed by Alipay',
      });
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 0 });
      expect((await detail(orderNo)).data.refundable).toBe(0);
      expect((await refund(finance, orderNo, { amount: 50 })).message).toBe('该订单已无可退金额');

      const again = (await refund(finance, orderNo, { amount: 50, request_key: key })).data;
      expect(again).toMatchObject({ id: first.id, status: 'succeeded' });
      expect(alipay.refundRequests.filter((no) => no === first.out_refund_no)).toHaveLength(2);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 5000 });
      expect(await refundMessages(orderNo)).toHaveLength(1);
    });
  });

  describe('refunds through WeChat Pay (v3 refunds and refund notifications)', () => {
    const notifyRefund = (notification: { headers: Record<string, string>; body: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/payment/callback/wechat/refund',
        payload: notification.body,
        headers: notification.headers,
      });

    it('processing until the signed, encrypted notification; replays and concurrent copies apply once', async () => {
      const { orderNo, videoId } = await paidOrder('wechat_h5');
      const answer = await refund(finance, orderNo, { amount: 50 });
      expect(answer.data).toMatchObject({
        status: 'processing',
        gateway: 'wechat',
        gateway_refund_no: expect.stringMatching(/^5030/),
      });
      const sent = wechat.refunds.get(answer.data.out_refund_no)!;
      expect(sent).toMatchObject({ outTradeNo: orderNo, refund: 5000, total: 5000 });
      expect(sent.notifyUrl).toBe('http://api.test/payment/callback/wechat/refund');
      expect(wechat.refused).toEqual([]);
      // Not completed yet: the member keeps the course.
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 0 });
      expect((await playinfo(videoId)).code).toBe(0);

      const forged = await notifyRefund(
        wechat.refundNotification(answer.data.out_refund_no, { signWith: stranger.privateKey }),
      );
      expect(forged.statusCode).toBe(400);
      const wrongKey = await notifyRefund(
        wechat.refundNotification(answer.data.out_refund_no, { apiV3Key: 'x'.repeat(32) }),
      );
      expect(wrongKey.statusCode).toBe(400);
      const wrongAmount = await notifyRefund(
        wechat.refundNotification(answer.data.out_refund_no, {
          refund: { amount: { refund: 1, total: 5000 } },
        }),
      );
      expect(wrongAmount.statusCode).toBe(400);
      expect((await orderRow(t, orderNo)).refunded_amount).toBe(0);

      const notification = wechat.refundNotification(answer.data.out_refund_no);
      const results = await Promise.all([
        notifyRefund(notification),
        notifyRefund(notification),
        notifyRefund(notification),
      ]);
      expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200]);
      expect((await notifyRefund(notification)).statusCode).toBe(200);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 5000 });
      expect((await playinfo(videoId)).message).toBe('请购买后观看');
      expect(await refundMessages(orderNo)).toEqual([`订单${orderNo}已退款50元`]);
      const shown = (await detail(orderNo)).data;
      expect(shown.refunds[0]).toMatchObject({ status: 'succeeded', completed_at: expect.any(String) });
      expect(shown.history.filter((step) => step.event === 'refund')).toHaveLength(1);
    });

    it('a closed refund fails without touching the order; a refusal fails at once', async () => {
      const { orderNo, videoId } = await paidOrder('wechat_h5');
      const answer = await refund(finance, orderNo, { amount: 20, revoke: true });
      expect(
        (await notifyRefund(wechat.refundNotification(answer.data.out_refund_no, { status: 'CLOSED' })))
          .statusCode,
      ).toBe(200);
      expect((await detail(orderNo)).data.refunds[0]).toMatchObject({
        status: 'failed',
        failure_reason: 'refund_status CLOSED',
      });
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 0 });
      expect((await playinfo(videoId)).code).toBe(0);

      wechat.refuseRefundsWith = 'NOT_ENOUGH';
      try {
        expect((await refund(finance, orderNo, { amount: 20 })).data).toMatchObject({
          status: 'failed',
          failure_reason: 'NOT_ENOUGH 退款被拒绝',
        });
      } finally {
        wechat.refuseRefundsWith = undefined;
      }
    });

    it('an immediate SUCCESS answer completes the refund without a notification', async () => {
      const { orderNo } = await paidOrder('wechat_h5');
      wechat.refundStatus = 'SUCCESS';
      try {
        expect((await refund(finance, orderNo, { amount: 50 })).data.status).toBe('succeeded');
      } finally {
        wechat.refundStatus = 'PROCESSING';
      }
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 5000 });
    });
  });
});
