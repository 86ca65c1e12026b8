import { generateKeyPairSync } from 'node:crypto';
import { FakeAlipay } from '../../apps/server/test/support/fakes/alipay';
import { axeViolations } from '../support/a11y';
import { openConsoleContext, openConsoleSection, signInToConsole } from '../support/console';
import { expect, test } from '@playwright/test';
import { registerMember } from '../support/fixtures';
import { SERVER_START_TIMEOUT_MS, startKezhan, uniqueMobile, type KezhanServer } from '../support/server';

/**
 * 退款管理: a refund through Alipay whose answer cannot be verified stays 处理中; the operator
 * finds it on the refunds page, filters it out and re-sends it, and the gateway sees the same
 * refund number twice and refunds once. The refund dialog refuses a third decimal in the server's
 * words before sending. Alipay is the in-process fake on 127.0.0.1 (apps/server/test/support/fakes).
 * Demo catalogue: course 12 机器学习入门 ￥299. The spec runs its own server (Alipay configured), so
 * it takes `test` from Playwright itself: the worker's `kezhan` server is not started for it.
 */
const COURSE = 12;

test.describe('console refunds', () => {
  test.describe.configure({ timeout: 150_000 });

  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let alipay: FakeAlipay;
  let kezhan: KezhanServer;

  test.beforeAll(async () => {
    test.setTimeout(SERVER_START_TIMEOUT_MS + 60_000);
    alipay = await new FakeAlipay(merchant.publicKey).start();
    kezhan = await startKezhan({
      ALIPAY_APP_ID: alipay.appId,
      ALIPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ALIPAY_PUBLIC_KEY: alipay.platformPublicKeyBase64,
      ALIPAY_GATEWAY: `${alipay.url}/gateway.do`,
    });
    await kezhan.setConfig('payment.alipay.enabled', '1');
  });
  test.afterAll(async () => {
    await kezhan?.stop();
    await alipay?.close();
  });

  /** The member buys course 12 with Alipay (the fake's cashier, then its signed notification). */
  async function paidWithAlipay(token: string): Promise<string> {
    const call = async <T>(path: string, body: object): Promise<T> => {
      const res = await fetch(`${kezhan.baseURL}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const envelope = (await res.json()) as { code: number; message: string; data: T };
      expect(envelope.message).toBe('');
      return envelope.data;
    };
    const { order_id: orderNo } = await call<{ order_id: string }>('/api/v2/order/course', {
      course_id: COURSE,
    });
    const { ticket } = await call<{ ticket: string }>('/api/v3/order/pay/ticket', { order_id: orderNo });
    const redirect = await fetch(
      `${kezhan.baseURL}/api/v2/order/pay/redirect?order_id=${orderNo}&payment=alipay&payment_scene=h5&scene=h5&ticket=${ticket}&s_url=${encodeURIComponent(`${kezhan.baseURL}/order/success`)}`,
      { redirect: 'manual' },
    );
    expect((await fetch(redirect.headers.get('location')!)).status).toBe(200);
    const notified = await fetch(`${kezhan.baseURL}/payment/callback/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: alipay.notification(orderNo),
    });
    expect(await notified.text()).toBe('success');
    return orderNo;
  }

  test('a refund stuck in 处理中 is found, filtered and re-sent with the same refund number', async ({
    browser,
  }) => {
    const mobile = uniqueMobile();
    const orderNo = await paidWithAlipay(await registerMember(kezhan, mobile));

    const console = await openConsoleContext(browser, kezhan.baseURL);
    const admin = await console.newPage();
    await signInToConsole(admin);
    await admin.goto(`/admin/orders/${orderNo}`);
    await admin.getByRole('button', { name: '退款' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('退款原因').fill('学员申请，全额退款');
    // A third decimal: the server's message, at once, and nothing can be sent.
    await dialog.getByLabel(/退款金额/).fill('9.701');
    await expect(dialog.getByText('退款金额须为金额，最多两位小数（如 19.9）')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '提交退款' })).toBeDisabled();
    await dialog.getByLabel(/退款金额/).fill('299');
    await expect(dialog.getByText('退款金额须为金额，最多两位小数（如 19.9）')).toHaveCount(0);

    // Alipay makes the refund but its answer arrives signed by someone else: outcome unknown.
    alipay.answerKey = stranger.privateKey;
    await dialog.getByRole('button', { name: '提交退款' }).click();
    await admin.getByRole('tooltip').getByRole('button', { name: '确认退款' }).click();
    await expect(dialog.getByText('支付渠道暂未确认这笔退款')).toBeVisible();
    alipay.answerKey = undefined;
    await dialog.getByRole('button', { name: '取消' }).click();

    await openConsoleSection(admin, '退款管理');
    await expect(admin.getByRole('heading', { name: '退款管理' })).toBeVisible();
    await admin.getByRole('combobox', { name: '退款状态' }).click();
    await admin.locator('.ant-select-item-option').filter({ hasText: '处理中' }).click();
    await admin.getByRole('searchbox', { name: '搜索退款' }).fill(mobile);
    await admin.getByRole('searchbox', { name: '搜索退款' }).press('Enter');
    await expect(admin.getByText('共 1 笔退款')).toBeVisible();
    const row = admin.getByRole('row', { name: new RegExp(orderNo) });
    await expect(row.getByText('处理中')).toBeVisible();
    await expect(row.getByText('¥299')).toBeVisible();
    await expect(row.getByText('支付宝')).toBeVisible();
    await expect(row.getByText('admin', { exact: true })).toBeVisible();
    const [outRefundNo] = [...alipay.refunds.keys()].filter(
      (no) => alipay.refunds.get(no)?.outTradeNo === orderNo,
    );
    await expect(row.getByText(outRefundNo)).toBeVisible();
    expect(await axeViolations(admin, 'console refund list')).toEqual([]);

    // The export carries the filters.
    const exportHref = await admin.getByRole('link', { name: '导出 CSV' }).getAttribute('href');
    expect(exportHref).toContain('status=processing');
    const csv = await (await admin.request.get(exportHref!)).text();
    expect(csv).toContain(`${outRefundNo},`);
    expect(csv).toContain(',处理中,299.00,支付宝,');

    await row.getByRole('button', { name: `重新发送退款 ${outRefundNo}` }).click();
    await admin.getByRole('tooltip').getByRole('button', { name: '重新发送' }).click();
    await expect(admin.getByText(`退款 ${outRefundNo} 已成功`)).toBeVisible();
    // Filtered on 处理中, the refund has left the list; under 退款成功 it is there.
    await expect(admin.getByText('暂无退款')).toBeVisible();
    await admin.getByRole('combobox', { name: '退款状态' }).click();
    await admin.locator('.ant-select-item-option').filter({ hasText: '退款成功' }).click();
    await expect(admin.getByRole('row', { name: new RegExp(orderNo) }).getByText('退款成功')).toBeVisible();

    // The gateway saw the one refund number twice and refunded once.
    expect(alipay.refundRequests.filter((no) => no === outRefundNo)).toHaveLength(2);
    expect([...alipay.refunds.values()].filter((made) => made.outTradeNo === orderNo)).toHaveLength(1);
    await console.close();
  });
});
