import { expect, type Page } from '@playwright/test';

/** Demo catalogue: course 12 机器学习入门 ￥299. */
export const DEMO_PAID_COURSE = 12;

/**
 * The signed-in member of `page` buys course 12 in the h5 with 模拟支付 (the development gateway):
 * 收银台, the sandbox's 支付成功, then the h5's success page.
 */
export async function buyWithSandbox(page: Page): Promise<void> {
  await page.goto(
    `/order?goods_type=vod&goods_id=${DEMO_PAID_COURSE}&goods_name=%E6%9C%BA%E5%99%A8&goods_label=%E5%BD%95%E6%92%AD%E8%AF%BE%E7%A8%8B&goods_charge=299`,
  );
  await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
  await page.getByRole('radio', { name: '模拟支付' }).click();
  await page.getByRole('checkbox', { name: /《付费内容购买协议》/ }).check();
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/\/payment\/sandbox\//);
  await page.getByRole('button', { name: '支付成功' }).click();
  await page.waitForURL(/\/order\/success\?order_id=/);
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
}
