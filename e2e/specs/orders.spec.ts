import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';

/**
 * Buying with the sandbox gateway (模拟支付) against the real server: one new member buys a
 * course (with a promo code), a VIP plan, and pays a manual-transfer order later from the order
 * list. Access is checked where it matters, on the server: `playinfo` of a paid video.
 * Demo catalogue: course 12 机器学习入门 ￥299 (video 39 not free); course 11 职场表达与演讲
 * (VIP free, video 36 not free); course 10 Excel 高效办公 ￥49; plan 1 月度会员 ￥30.
 */
test.describe.configure({ mode: 'serial' });

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

let token = '';

async function api<T>(kezhan: KezhanServer, path: string): Promise<Envelope<T>> {
  const res = await fetch(`${kezhan.baseURL}${path}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  return (await res.json()) as Envelope<T>;
}

const playInfo = (kezhan: KezhanServer, videoId: number) =>
  api<{ urls: { url: string }[]; trial_seconds: number }>(kezhan, `/api/v2/video/${videoId}/playinfo`);

/** A site administrator's CLI command, through the running server's loopback admin endpoint. */
async function cli(kezhan: KezhanServer, argv: string[]): Promise<void> {
  const admin = JSON.parse(readFileSync(join(kezhan.dataDir, 'admin.json'), 'utf8')) as {
    url: string;
    token: string;
  };
  const res = await fetch(`${kezhan.baseURL}/internal/cli`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-admin-token': admin.token },
    body: JSON.stringify({ argv }),
  });
  if (!res.ok) throw new Error(`cli ${argv.join(' ')}: HTTP ${res.status} ${await res.text()}`);
}

/** On the cashier: choose 模拟支付, submit, and confirm on the sandbox page. Returns the amount shown there. */
async function payWithSandbox(page: Page): Promise<string> {
  await page.getByRole('radio', { name: '模拟支付' }).click();
  await expect(page.getByRole('radio', { name: '模拟支付' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: '模拟支付' })).toHaveAccessibleDescription(
    '测试方式，不会真实扣款',
  );
  const agreement = page.getByRole('checkbox', { name: /《付费内容购买协议》/ });
  if (await agreement.count()) await agreement.check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/payment\/sandbox\//);
  expect(page.url()).not.toContain(token);
  await expect(page.getByText('模拟支付 · 测试环境，不会真实扣款')).toBeVisible();
  const amount = (await page.locator('.amount').textContent()) ?? '';
  await page.getByRole('button', { name: '支付成功' }).click();
  await page.waitForURL(/\/order\/success\?order_id=/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  return amount;
}

test.beforeAll(async ({ kezhan }) => {
  token = await registerMember(kezhan, uniqueMobile());
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
});

test('buys a paid course with a promo code through 模拟支付, then can play it', async ({ page, kezhan }) => {
  expect((await playInfo(kezhan, 39)).message).toBe('请购买后观看');
  await cli(kezhan, ['promo:create', '--discount', '10', '--code', 'E2E10']);

  await page.goto(
    '/order?goods_type=vod&goods_id=12&goods_name=%E6%9C%BA%E5%99%A8&goods_label=%E5%BD%95%E6%92%AD%E8%AF%BE%E7%A8%8B&goods_charge=299',
  );
  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await expect(page.getByRole('region', { name: '商品信息' }).getByText('机器学习入门')).toBeVisible();
  await expect(page.getByLabel('总计￥299')).toBeVisible();

  await page.getByRole('button', { name: /使用优惠码/ }).click();
  await page.getByPlaceholder('请输入优惠码').fill('NOPE');
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByText('优惠码无效')).toBeVisible();
  await page.getByPlaceholder('请输入优惠码').fill('E2E10');
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByText('优惠码有效，抵扣10元')).toBeVisible();
  await expect(page.getByLabel('总计￥289')).toBeVisible();

  // a payment method is already chosen; a course is paid content: its agreement comes first
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page.getByText('请阅读并同意《付费内容购买协议》')).toBeVisible();
  await expect(page).toHaveURL(/\/order\?/);
  const protocol = await page.getByRole('link', { name: '《付费内容购买协议》' }).getAttribute('href');
  const protocolPage = await (await fetch(protocol!)).text();
  expect(protocolPage).toContain('付费内容购买协议');

  expect(await payWithSandbox(page)).toBe('￥289.00');

  const info = await playInfo(kezhan, 39);
  expect(info.code).toBe(0);
  expect(info.data.trial_seconds).toBe(0);
  expect(info.data.urls[0].url).toMatch(/^https?:\/\/.+\.(m3u8|mp4)/);

  await page.getByRole('button', { name: '去学习' }).click();
  await expect(page).toHaveURL(/\/vod\/detail\?id=12$/);
});

test('buys a VIP plan after accepting the agreement; a VIP course becomes playable', async ({
  page,
  kezhan,
}) => {
  expect((await playInfo(kezhan, 36)).code).not.toBe(0);

  await page.goto('/role');
  await expect(page.getByText('您还不是本站会员哦')).toBeVisible();
  await page.getByRole('radio', { name: /月度会员/ }).click();
  await page.getByRole('button', { name: '购买会员' }).click();
  await expect(page.getByText('请阅读并同意《会员服务协议》')).toBeVisible();
  await expect(page).toHaveURL(/\/role$/);
  await page.getByRole('checkbox', { name: /会员服务协议/ }).check();
  await page.getByRole('button', { name: '购买会员' }).click();

  await expect(page).toHaveURL(/\/order\?goods_type=role&goods_id=1&/);
  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: '商品信息' }).getByText('月度会员', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('总计￥30')).toBeVisible();
  expect(await payWithSandbox(page)).toBe('￥30.00');

  const info = await playInfo(kezhan, 36);
  expect(info.code).toBe(0);
  expect(info.data.trial_seconds).toBe(0);
  expect(info.data.urls[0].url).toMatch(/^https?:\/\//);

  await page.goto('/role');
  await expect(page.getByText(/您的月度会员将于\d{4}-\d{2}-\d{2}到期/)).toBeVisible();
  await expect(page.getByText('购买后将会有效期顺延')).toBeVisible();
});

test('manual transfer shows the instructions; the order is paid later from 我的订单, which lists every order', async ({
  page,
}) => {
  await page.goto('/order?goods_type=vod&goods_id=10&goods_charge=49');
  await page.getByRole('radio', { name: '手动打款' }).click();
  await page.getByRole('checkbox', { name: /《付费内容购买协议》/ }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await expect(page).toHaveURL(/\/order\/pay\?orderId=\d+&price=49&payment=handPay&type=vod&id=10$/);
  await expect(page.getByRole('heading', { name: '手动打款支付' })).toBeVisible();
  await expect(page.getByText('户名：课栈演示科技有限公司')).toBeVisible();
  await page.getByRole('button', { name: '我已完成支付' }).click();

  await expect(page).toHaveURL(/\/member\/order$/);
  const excel = page.getByRole('article', { name: 'Excel 高效办公' });
  await expect(excel.getByText('支付中')).toBeVisible();
  await expect(page.getByRole('article', { name: '机器学习入门' }).getByText('已支付')).toBeVisible();
  await expect(page.getByRole('article', { name: '月度会员' }).getByText('已支付')).toBeVisible();
  await expect(page.getByText('优惠￥10，实付￥289')).toBeVisible();

  await excel.getByRole('button', { name: '继续支付' }).click();
  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await expect(page.getByLabel('总计￥49')).toBeVisible();
  expect(await payWithSandbox(page)).toBe('￥49.00');

  await page.goto('/member/order');
  for (const name of ['Excel 高效办公', '月度会员', '机器学习入门'])
    await expect(page.getByRole('article', { name }).getByText('已支付')).toBeVisible();
  await expect(page.getByText('已经到底了')).toBeVisible();
});
