import { DESKTOP_UA } from '../support/devices';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile } from '../support/server';

/**
 * A percentage code made in the console reaches the h5's cashier: the operator creates it on the
 * 优惠码 page, a member applies it to course 12 机器学习入门 (￥299) and pays the discounted price
 * with 模拟支付. 20% of ￥299 is ￥59.80, rounded down to ￥59 off: ￥240 to pay.
 */
test.describe.configure({ timeout: 120_000 });

test('admin creates a percentage code in the console; a member pays the discounted price in the h5', async ({
  browser,
  page,
  kezhan,
}) => {
  const code = `PCT20${Date.now().toString(36).toUpperCase()}`;
  const desktop = await browser.newContext({
    baseURL: kezhan.baseURL,
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    userAgent: DESKTOP_UA,
    deviceScaleFactor: 1,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  const consolePage = await desktop.newPage();
  await consolePage.goto('/admin/login');
  await consolePage.getByLabel('账号').fill('admin');
  await consolePage.getByLabel('密码').fill('kezhan123');
  await consolePage.getByRole('button', { name: '登录' }).click();
  await expect(consolePage).toHaveURL(/\/admin\/courses$/);
  await consolePage
    .getByRole('navigation', { name: '主菜单' })
    .getByRole('menuitem', { name: '优惠码' })
    .click();
  await expect(consolePage).toHaveURL(/\/admin\/promo-codes$/);
  await expect(consolePage.getByRole('heading', { name: '优惠码' })).toBeVisible();

  await consolePage.getByRole('button', { name: '新建优惠码' }).click();
  const dialog = consolePage.getByRole('dialog', { name: '新建优惠码' });
  await dialog.getByLabel('优惠码', { exact: true }).fill(code);
  await dialog.getByText('按比例减').click();
  await dialog.getByLabel('优惠比例（%）').fill('20');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(consolePage.getByText('已创建')).toBeVisible();
  const row = consolePage.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('减 20%');
  await expect(row).toContainText('启用中');
  await desktop.close();

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
  await expect(page.getByLabel('总计￥240')).toBeVisible();
  await expect(page.getByText('已抵扣￥59')).toBeVisible();

  await page.getByRole('radio', { name: '模拟支付' }).click();
  await page.getByRole('checkbox', { name: /《付费内容购买协议》/ }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/payment\/sandbox\//);
  await expect(page.locator('.amount')).toHaveText('￥240.00');
});
