import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminRefund } from '@kezhan/contract/admin/orders';
import type { AdminRefundListItem } from '@kezhan/contract/admin/refunds';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditRows, signedInAdmin, type AdminClient } from '../../../test/support/admin';
import { FakeAlipay } from '../../../test/support/fakes/alipay';
import { FakeWechatPay } from '../../../test/support/fakes/wechat-pay';
import {
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

/** An audit row's JSON column (text with PGlite or node-postgres alike). */
const jsonOf = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

describe('console refunds page (/api/admin/refunds…)', () => {
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
  let other: LoggedInMember;
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
    await enablePayments(t, 'alipay', 'wechat_h5', 'sandbox');
    buyer = await loginMember(t, '13970000001');
    other = await loginMember(t, '13970000002');
    finance = await signedInAdmin(t, 'finance');
    support = await signedInAdmin(t, 'support');
    content = await signedInAdmin(t, 'content');
  });
  afterAll(async () => {
    await t.close();
    await alipay.close();
    await wechat.close();
  });

  /** Buys a new course (¥19.9 unless told) through `payment` as `member`; answers the order number. */
  async function paidOrder(
    payment: 'sandbox' | 'alipay' | 'wechat_h5',
    { member = buyer, charge = 19.9 }: { member?: LoggedInMember; charge?: number } = {},
  ) {
    courseSeq += 1;
    const courseId = await createCourse(t, { title: `退款列表课程${courseSeq}`, charge });
    const order = await orderCourse(t, member.token, courseId);
    const ticket = await payTicket(t, member.token, order.order_id);
    const redirect = await t.app.inject({
      method: 'GET',
      url: `/api/v2/order/pay/redirect?order_id=${order.order_id}&payment=${payment}&payment_scene=h5&scene=h5&ticket=${ticket}&s_url=${encodeURIComponent('http://api.test/order/success')}`,
    });
    const location = redirect.headers.location as string;
    if (payment === 'sandbox') {
      await t.app.inject({
        method: 'POST',
        url: new URL(location).pathname,
        payload: 'action=pay',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    } else if (payment === 'alipay') {
      expect((await fetch(location)).status).toBe(200);
      await t.app.inject({
        method: 'POST',
        url: '/payment/callback/alipay',
        payload: alipay.notification(order.order_id),
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      });
    } else {
      const notification = wechat.notification(order.order_id);
      await t.app.inject({
        method: 'POST',
        url: '/payment/callback/wechat',
        payload: notification.body,
        headers: notification.headers,
      });
    }
    expect((await orderRow(t, order.order_id)).status).toBe(9);
    return order.order_id;
  }

  let keySeq = 0;
  const refund = (orderNo: string, payload: Record<string, unknown> = {}) =>
    finance.request<AdminRefund>({
      method: 'POST',
      url: `/api/admin/orders/${orderNo}/refunds`,
      payload: { reason: '学员申请退款', request_key: `refund-list-${(keySeq += 1)}-abcdefgh`, ...payload },
    });
  const list = (query: string, admin = finance) =>
    admin.request<{ data: AdminRefundListItem[]; total: number }>({
      method: 'GET',
      url: `/api/admin/refunds?${query}`,
    });
  const resend = (id: number, admin = finance) =>
    admin.request<AdminRefundListItem>({ method: 'POST', url: `/api/admin/refunds/${id}/resend` });
  const exportCsv = (query: string, admin = finance) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/refunds/export?${query}`,
      headers: { cookie: admin.cookie },
    });
  const refundMessages = async (orderNo: string) =>
    (
      await t.services.db
        .selectFrom('notifications')
        .select('message')
        .where('message', 'like', `订单${orderNo}已退款%`)
        .execute()
    ).map((row) => row.message);

  /** An Alipay refund whose answer could not be verified: left 处理中, as after a lost answer. */
  async function stuckAlipayRefund(amount = 19.9) {
    const orderNo = await paidOrder('alipay');
    alipay.answerKey = stranger.privateKey;
    try {
      const answer = await refund(orderNo, { amount });
      expect(answer.data).toMatchObject({ status: 'processing', failure_reason: expect.any(String) });
      return { orderNo, refund: answer.data };
    } finally {
      alipay.answerKey = undefined;
    }
  }

  describe('roles', () => {
    it('客服 may list and export (查看订单) but not re-send; 内容运营 is refused all three', async () => {
      const { refund: stuck } = await stuckAlipayRefund();
      for (const response of [await list('', content), await resend(stuck.id, content)])
        expect([response.code, response.message]).toEqual([403, DENIED]);
      expect((await exportCsv('', content)).json()).toMatchObject({ code: 403, message: DENIED });

      expect((await list('', support)).code).toBe(0);
      expect((await exportCsv('', support)).headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(await resend(stuck.id, support)).toMatchObject({ code: 403, message: DENIED });
      expect((await list(`keyword=${stuck.out_refund_no}`)).data.data[0].status).toBe('processing');
      expect(alipay.refundRequests.filter((no) => no === stuck.out_refund_no)).toHaveLength(1);
    });

    it('needs a session, and the CSRF token to re-send', async () => {
      expect((await t.request({ method: 'GET', url: '/api/admin/refunds' })).code).toBe(401);
      const noCsrf = await finance.request({
        method: 'POST',
        url: '/api/admin/refunds/1/resend',
        csrf: false,
      });
      expect([noCsrf.code, noCsrf.message]).toEqual([403, '页面已过期，请刷新后重试']);
    });
  });

  describe('list and export', () => {
    it('lists every refund across orders with its order, member, gateway and operator, in yuan', async () => {
      const sandboxOrder = await paidOrder('sandbox');
      const partial = (await refund(sandboxOrder, { amount: 9.7 })).data;
      const rest = (await refund(sandboxOrder, { amount: 10.2 })).data;
      const otherOrder = await paidOrder('wechat_h5', { member: other, charge: 0.5 });
      const wechatRefund = (await refund(otherOrder, { amount: 0.01 })).data;

      const page = await list('page_size=100');
      expect(page.code).toBe(0);
      const byId = new Map(page.data.data.map((row) => [row.id, row]));
      expect(byId.get(partial.id)).toMatchObject({
        out_refund_no: partial.out_refund_no,
        order_no: sandboxOrder,
        order_amount: 19.9,
        amount: 9.7,
        status: 'succeeded',
        status_text: '退款成功',
        gateway: 'sandbox',
        gateway_name: '模拟支付',
        administrator: 'admin:finance',
        operator_name: 'finance',
        mobile: '13970000001',
        user_id: buyer.id,
        reason: '学员申请退款',
      });
      expect(byId.get(rest.id)?.amount).toBe(10.2);
      expect(byId.get(wechatRefund.id)).toMatchObject({
        amount: 0.01,
        status: 'processing',
        status_text: '处理中',
        gateway: 'wechat',
        gateway_name: '微信支付',
        mobile: '13970000002',
      });
      // Newest first.
      const ids = page.data.data.map((row) => row.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(page.data.total).toBe(page.data.data.length);
    });

    it('filters by status, gateway, dates, mobile, order number and refund number; checks input in Chinese', async () => {
      const orderNo = await paidOrder('sandbox', { member: other });
      const made = (await refund(orderNo, { amount: 1 })).data;
      const { refund: stuck } = await stuckAlipayRefund();

      const ids = async (query: string) =>
        (await list(`page_size=100&${query}`)).data.data.map((row) => row.id);
      expect(await ids('status=processing')).toContain(stuck.id);
      expect(await ids('status=processing')).not.toContain(made.id);
      expect(await ids('status=succeeded')).toContain(made.id);
      expect(await ids('gateway=alipay')).toEqual(expect.arrayContaining([stuck.id]));
      expect(await ids('gateway=alipay')).not.toContain(made.id);
      expect(await ids(`keyword=${orderNo}`)).toEqual([made.id]);
      expect(await ids(`keyword=${orderNo.slice(0, -2)}`)).toContain(made.id);
      expect(await ids(`keyword=${stuck.out_refund_no}`)).toEqual([stuck.id]);
      expect(await ids('keyword=13970000002')).toContain(made.id);
      expect(await ids('keyword=13970000002')).not.toContain(stuck.id);
      expect(await ids('keyword=13999999999')).toEqual([]);

      // Asked on 2026-03-10 in China (02:00 UTC+8 is still the 9th in UTC).
      await t.services.db
        .updateTable('refunds')
        .set({ created_at: new Date('2026-03-09T18:00:00Z') })
        .where('id', '=', made.id)
        .execute();
      expect(await ids('created_from=2026-03-10&created_to=2026-03-10')).toEqual([made.id]);
      expect(await ids('created_from=2026-03-11&created_to=2026-03-11')).toEqual([]);
      expect(await ids('created_to=2026-03-09')).toEqual([]);

      for (const [query, message] of [
        ['status=done', '退款状态错误'],
        ['gateway=paypal', '退款渠道错误'],
        ['created_from=2026-13-01', '开始日期格式错误'],
        ['created_from=2026-03-11&created_to=2026-03-10', '开始日期不能晚于结束日期'],
        ['page=0', '参数错误'],
      ])
        expect(await list(query)).toMatchObject({ code: 1, message });
    });

    it('exports the filtered refunds as CSV with formula-like cells made inert, audited', async () => {
      const orderNo = await paidOrder('sandbox');
      await t.services.db
        .updateTable('users')
        .set({ nick_name: '@SUM(A1)' })
        .where('id', '=', buyer.id)
        .execute();
      const made = (await refund(orderNo, { amount: 0.5, reason: '=HYPERLINK("e.cn","点我")' })).data;
      const response = await exportCsv(`keyword=${orderNo}&status=succeeded`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="refunds-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.body.startsWith('\uFEFF退款单号,申请时间,状态,退款金额(元),退款渠道,')).toBe(true);
      const lines = response.body.slice(1).split('\r\n');
      expect(lines).toHaveLength(3);
      const cells = lines[1];
      expect(cells.startsWith(`${made.out_refund_no},`)).toBe(true);
      expect(cells).toContain(',退款成功,0.50,模拟支付,');
      expect(cells).toContain(`,${orderNo},19.90,${buyer.id},13970000001,'@SUM(A1),`);
      expect(cells).toContain(`,"'=HYPERLINK(""e.cn"",""点我"")",否,finance,,`);
      const audited = (await auditRows(t, 'refund.export')).at(-1)!;
      expect(audited).toMatchObject({ administrator_name: 'finance', target_type: 'refund' });
      expect(jsonOf(audited.after)).toMatchObject({ keyword: orderNo, status: 'succeeded' });
      await t.services.db.updateTable('users').set({ nick_name: '' }).where('id', '=', buyer.id).execute();
    });
  });

  describe('re-send a refund stuck in 处理中', () => {
    it('asks Alipay again with the same refund number: refunded once, completed once, audited', async () => {
      const { orderNo, refund: stuck } = await stuckAlipayRefund();
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 0 });

      const answer = await resend(stuck.id);
      expect(answer.code).toBe(0);
      expect(answer.data).toMatchObject({
        id: stuck.id,
        out_refund_no: stuck.out_refund_no,
        status: 'succeeded',
        status_text: '退款成功',
        failure_reason: '',
        order_no: orderNo,
      });
      // The gateway saw the one number twice and made one refund of ¥19.9 for the order.
      expect(alipay.refundRequests.filter((no) => no === stuck.out_refund_no)).toHaveLength(2);
      const madeForOrder = [...alipay.refunds.values()].filter((made) => made.outTradeNo === orderNo);
      expect(madeForOrder).toEqual([
        expect.objectContaining({ outRequestNo: stuck.out_refund_no, refundAmount: '19.90' }),
      ]);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 1990 });
      expect(await refundMessages(orderNo)).toEqual([`订单${orderNo}已退款19.9元`]);

      const audited = (await auditRows(t, 'refund.resend')).at(-1)!;
      expect(audited).toMatchObject({
        administrator_name: 'finance',
        target_type: 'refund',
        target_id: stuck.out_refund_no,
      });
      expect(jsonOf(audited.before)).toMatchObject({
        order_no: orderNo,
        status: 'processing',
        amount: 19.9,
        gateway: 'alipay',
        failure_reason: 'Alipay refund answer is not signed by Alipay',
      });

      // Now that it succeeded, a second re-send is refused and reaches no gateway.
      expect(await resend(stuck.id)).toMatchObject({ code: 1, message: '该退款已成功，无需重新发送' });
      expect(alipay.refundRequests.filter((no) => no === stuck.out_refund_no)).toHaveLength(2);
      expect(
        (await auditRows(t, 'refund.resend')).filter((row) => row.target_id === stuck.out_refund_no),
      ).toHaveLength(1);
    });

    it('two re-sends at once refund once', async () => {
      const { orderNo, refund: stuck } = await stuckAlipayRefund(5);
      const answers = await Promise.all([resend(stuck.id), resend(stuck.id), resend(stuck.id)]);
      // A re-send that checks after another has finished is told so; whichever way they overlap
      // (one database connection or a pool), each is answered and the gateway refunds once.
      for (const answer of answers) {
        if (answer.code !== 0)
          expect(answer).toMatchObject({ code: 1, message: '该退款已成功，无需重新发送' });
      }
      expect(answers.some((answer) => answer.code === 0 && answer.data.status === 'succeeded')).toBe(true);
      const madeForOrder = [...alipay.refunds.values()].filter((made) => made.outTradeNo === orderNo);
      expect(madeForOrder.map((made) => made.outRequestNo)).toEqual([stuck.out_refund_no]);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 500 });
      expect(await refundMessages(orderNo)).toHaveLength(1);
      const [row] = (await list(`keyword=${stuck.out_refund_no}`)).data.data;
      expect(row).toMatchObject({ status: 'succeeded', amount: 5 });
    });

    it('WeChat Pay: the same out_refund_no is the same refund; 处理中 until WeChat says it is done', async () => {
      const orderNo = await paidOrder('wechat_h5');
      const first = (await refund(orderNo, { amount: 19.9 })).data;
      expect(first).toMatchObject({ status: 'processing', gateway: 'wechat' });

      const still = await resend(first.id);
      expect(still.data).toMatchObject({ status: 'processing', out_refund_no: first.out_refund_no });
      wechat.refundStatus = 'SUCCESS';
      try {
        expect((await resend(first.id)).data).toMatchObject({ status: 'succeeded' });
      } finally {
        wechat.refundStatus = 'PROCESSING';
      }
      expect(wechat.refundRequests.filter((no) => no === first.out_refund_no)).toHaveLength(3);
      expect([...wechat.refunds.values()].filter((made) => made.outTradeNo === orderNo)).toHaveLength(1);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 11, refunded_amount: 1990 });
      expect(await refundMessages(orderNo)).toHaveLength(1);
    });

    it('refuses a refund that is not 处理中, or that does not exist, in Chinese', async () => {
      const orderNo = await paidOrder('alipay');
      alipay.refuseRefundsWith = 'ACQ.TRADE_NOT_ALLOW_REFUND';
      let failed: AdminRefund;
      try {
        failed = (await refund(orderNo, { amount: 1 })).data;
      } finally {
        alipay.refuseRefundsWith = undefined;
      }
      expect(failed.status).toBe('failed');
      const sent = alipay.refundRequests.length;
      expect(await resend(failed.id)).toMatchObject({
        code: 1,
        message: '该退款已失败，不能重新发送；如需退款请在订单详情重新发起',
      });
      const done = (await refund(await paidOrder('sandbox'), { amount: 1 })).data;
      expect(await resend(done.id)).toMatchObject({ code: 1, message: '该退款已成功，无需重新发送' });
      expect(await resend(999_999)).toMatchObject({ code: 1, message: '退款不存在' });
      expect(await resend('abc' as unknown as number)).toMatchObject({ code: 1, message: '参数错误' });
      expect(alipay.refundRequests.length).toBe(sent);
      expect(await orderRow(t, orderNo)).toMatchObject({ status: 9, refunded_amount: 0 });
    });
  });
});
