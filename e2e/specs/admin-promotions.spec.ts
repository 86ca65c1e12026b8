import type { Browser } from '@playwright/test';
import { axeViolations } from '../support/a11y';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';
import { openConsoleContext, signInToConsole } from '../support/console';

/**
 * A percentage code made in the console reaches the h5's cashier: the operator creates it on the
 * 优惠码 page, a member applies it to course 12 机器学习入门 (￥299) and pays the discounted price
 * with 模拟支付. 20% of ￥299 is ￥59.80 off (rounded down to the fen): ￥239.20 to pay.
 */
test.describe.configure({ timeout: 120_000 });

/** A desktop browser context signed in to the console as the demo 超级管理员. */
async function signedInConsole(browser: Browser, kezhan: KezhanServer) {
  const desktop = await openConsoleContext(browser, kezhan.baseURL);
  const consolePage = await desktop.newPage();
  await signInToConsole(consolePage);
  return { desktop, consolePage };
}

test('admin creates a percentage code in the console; a member pays the discounted price in the h5', async ({
  browser,
  page,
  kezhan,
}) => {
  const code = `PCT20${Date.now().toString(36).toUpperCase()}`;
  const { desktop, consolePage } = await signedInConsole(browser, kezhan);
  await consolePage
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('menuitem', { name: '优惠码' })
    .click();
  await expect(consolePage).toHaveURL(/\/admin\/promo-codes$/);
  await expect(consolePage.getByRole('heading', { name: '优惠码' })).toBeVisible();

  await expect(consolePage.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(await axeViolations(consolePage, 'console promo codes')).toEqual([]);
  await consolePage.getByRole('button', { name: '新建优惠码' }).click();
  const dialog = consolePage.getByRole('dialog', { name: '新建优惠码' });
  await dialog.getByLabel('优惠码', { exact: true }).fill(code);
  await dialog.getByText('按比例减').click();
  await dialog.getByLabel('优惠比例（%）').fill('20');
  expect(await axeViolations(consolePage, 'console new promo code')).toEqual([]);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(consolePage.getByText('已创建')).toBeVisible();
  const row = consolePage.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('减 20%');
  await expect(row).toContainText('启用中');

  const token = await registerMember(kezhan, uniqueMobile());
  await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);
  await page.goto(
    '/order?goods_type=vod&goods_id=12&goods_name=%E6%9C%BA%E5%99%A8&goods_label=%E5%BD%95%E6%92%AD%E8%AF%BE%E7%A8%8B&goods_charge=299',
  );
  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await expect(page.getByLabel('总计￥299')).toBeVisible();
  await page.getByRole('button', { name: /使用优惠码/ }).click();
  await page.getByPlaceholder('请输入优惠码').fill(code);
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByText('优惠码有效，立减20%')).toBeVisible();
  // 20 % of ¥299 is ¥59.8, to the fen.
  await expect(page.getByLabel('总计￥239.2')).toBeVisible();
  await expect(page.getByText('已抵扣￥59.8')).toBeVisible();

  await page.getByRole('radio', { name: '模拟支付' }).click();
  await page.getByRole('checkbox', { name: /《付费内容购买协议》/ }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/payment\/sandbox\//);
  await expect(page.locator('.amount')).toHaveText('￥239.20');
  await page.getByRole('button', { name: '支付成功' }).click();
  await page.waitForURL(/\/order\/success\?order_id=/);

  // Back in the console: the use is listed with the member's order and the paid amount.
  await consolePage.reload();
  await consolePage
    .getByRole('row')
    .filter({ hasText: code })
    .getByRole('button', { name: '使用记录' })
    .click();
  const drawer = consolePage.getByRole('dialog', { name: `使用记录：${code}` });
  await expect(drawer.getByRole('row').nth(1)).toContainText('¥299 − ¥59.8 = ¥239.2');
  await expect(drawer.getByRole('row').nth(1)).toContainText('已支付');
  expect(await axeViolations(consolePage, 'console promo uses')).toEqual([]);
  await desktop.close();
});

test('超级管理员 creates an administrator on the 管理员 page and disables them', async ({
  browser,
  kezhan,
}) => {
  const { desktop, consolePage } = await signedInConsole(browser, kezhan);
  await consolePage
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('menuitem', { name: '管理员' })
    .click();
  await expect(consolePage.getByRole('heading', { name: '管理员' })).toBeVisible();
  await expect(consolePage.getByRole('row').filter({ hasText: 'admin（我）' })).toBeVisible();
  expect(await axeViolations(consolePage, 'console administrators')).toEqual([]);

  const username = `ops${Date.now().toString(36)}`;
  await consolePage.getByRole('button', { name: '新建管理员' }).click();
  const dialog = consolePage.getByRole('dialog', { name: '新建管理员' });
  await dialog.getByLabel('账号').fill(username);
  await dialog.getByLabel('初始密码').fill('short');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('密码至少 8 位')).toBeVisible();
  await dialog.getByLabel('初始密码').fill('e2e-password-1');
  // The message fades out: scanned mid-fade its grey would be half transparent.
  await expect(dialog.locator('.ant-form-item-explain-error')).toHaveCount(0);
  expect(await axeViolations(consolePage, 'console new administrator')).toEqual([]);
  await dialog.getByRole('button', { name: '保存' }).click();
  const row = consolePage.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('内容运营');
  await expect(row).toContainText('正常');

  await row.getByRole('button', { name: '停用' }).click();
  await consolePage.locator('.ant-popconfirm').getByRole('button', { name: '停用' }).click();
  await expect(row).toContainText('已停用');

  // The 操作日志 page filters by action: the disabling is there, with who did it.
  await consolePage
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('menuitem', { name: '操作日志' })
    .click();
  await consolePage.getByRole('combobox', { name: '按操作筛选' }).fill('administrator.disable');
  // antd draws the visible options outside its (hidden) accessible listbox.
  await consolePage.locator('.ant-select-item-option').filter({ hasText: '停用管理员' }).click();
  const entry = consolePage.getByRole('row').filter({ hasText: '停用管理员' }).first();
  await expect(entry).toContainText('admin');
  await expect(consolePage.getByRole('cell', { name: '新建课程' })).toHaveCount(0);
  await expect(consolePage.locator('.ant-spin-spinning')).toHaveCount(0);
  // The filter's option list closes with a fade: scan once it is gone.
  await expect(consolePage.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
  expect(await axeViolations(consolePage, 'console audit log')).toEqual([]);
  await desktop.close();
});
