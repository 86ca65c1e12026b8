import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openConsoleContext, signInToConsole } from '../support/console';
import { expect, registerMember, test } from '../support/fixtures';
import { uniqueMobile, type KezhanServer } from '../support/server';

/**
 * Money to the fen, end to end: a ¥19.9 course bought in the h5 with a ¥0.5 promo code pays
 * ¥19.40 through 模拟支付; the console refunds ¥9.7 of it; the h5's order list and the console show
 * the exact amounts, never rounded to the yuan.
 */

/** A site administrator's CLI command, through the running server's loopback admin endpoint. */
async function cli(kezhan: KezhanServer, argv: string[]): Promise<string[]> {
  const admin = JSON.parse(readFileSync(join(kezhan.dataDir, 'admin.json'), 'utf8')) as { token: string };
  const res = await fetch(`${kezhan.baseURL}/internal/cli`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-admin-token': admin.token },
    body: JSON.stringify({ argv }),
  });
  const answer = (await res.json()) as { exitCode: number; output: string[] };
  if (answer.exitCode !== 0) throw new Error(`cli ${argv.join(' ')}: ${answer.output.join('\n')}`);
  return answer.output;
}

test.describe('money in fen', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a ¥19.9 course with a ¥0.5 code pays ¥19.40; a ¥9.7 partial refund shows to the fen everywhere', async ({
    page,
    browser,
    kezhan,
  }, testInfo) => {
    const slug = `fen-course-${Date.now()}`;
    const contentFile = testInfo.outputPath('fen-course.json');
    writeFileSync(
      contentFile,
      JSON.stringify({
        courses: [
          {
            slug,
            title: '九块九进阶课',
            price: 19.9,
            is_vip_free: 0,
            videos: [
              { slug: `${slug}-1`, title: '第一课', duration: 60, url: 'https://cdn.example.com/1.mp4' },
            ],
          },
        ],
      }),
    );
    await cli(kezhan, ['import', contentFile]);
    const published = (await cli(kezhan, ['course:publish', slug])).join('\n');
    const courseId = Number(/Published course (\d+)/.exec(published)?.[1]);
    expect(courseId).toBeGreaterThan(0);
    await cli(kezhan, ['promo:create', '--discount', '0.5', '--code', 'FEN050']);

    const mobile = uniqueMobile();
    const token = await registerMember(kezhan, mobile);
    await page.addInitScript((t) => localStorage.setItem('meedu-h5-token', t), token);

    // The h5 shows ¥19.9, takes ¥0.5 off, and the sandbox is asked for exactly ¥19.40.
    await page.goto(`/order?goods_type=vod&goods_id=${courseId}`);
    await expect(page.getByRole('heading', { name: '收银台' })).toBeVisible();
    await expect(page.getByLabel('总计￥19.9')).toBeVisible();
    await page.getByRole('button', { name: /使用优惠码/ }).click();
    await page.getByPlaceholder('请输入优惠码').fill('FEN050');
    await page.getByRole('button', { name: '验证' }).click();
    await expect(page.getByText('优惠码有效，抵扣0.5元')).toBeVisible();
    await expect(page.getByText('已抵扣￥0.5')).toBeVisible();
    await expect(page.getByLabel('总计￥19.4')).toBeVisible();
    await page.getByRole('radio', { name: '模拟支付' }).click();
    await page.getByRole('checkbox', { name: /《付费内容购买协议》/ }).check();
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/payment\/sandbox\//);
    await expect(page.locator('.amount')).toHaveText('￥19.40');
    await page.getByRole('button', { name: '支付成功' }).click();
    await page.waitForURL(/\/order\/success\?order_id=/);
    await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();

    // The console finds the order at ¥19.4 and refunds ¥9.7 of it.
    const console = await openConsoleContext(browser, kezhan.baseURL);
    const admin = await console.newPage();
    await signInToConsole(admin);
    await admin
      .getByRole('navigation', { name: '主菜单' })
      .getByRole('menuitem', { name: '订单管理' })
      .click();
    await admin.getByRole('searchbox', { name: '搜索订单' }).fill(mobile);
    await admin.getByRole('searchbox', { name: '搜索订单' }).press('Enter');
    await expect(admin.getByText('共 1 个订单')).toBeVisible();
    const row = admin.getByRole('row', { name: /九块九进阶课/ });
    await expect(row.getByText('¥19.4', { exact: true })).toBeVisible();
    await row.getByRole('link', { name: '详情' }).click();
    await expect(admin.getByRole('heading', { name: /^订单 \d+$/ })).toBeVisible();
    const summary = (label: string) => admin.locator('.ant-descriptions-item').filter({ hasText: label });
    await expect(summary('原价')).toContainText('¥19.9');
    await expect(summary('优惠')).toContainText('¥0.5');
    await expect(summary('实付')).toContainText('¥19.4');

    await admin.getByRole('button', { name: '退款' }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog.getByLabel(/退款金额/)).toHaveValue('19.4');
    await dialog.getByLabel(/退款金额/).fill('9.7');
    await dialog.getByLabel('退款原因').fill('学员申请部分退款');
    await dialog.getByRole('button', { name: '提交退款' }).click();
    await admin.getByRole('tooltip').getByRole('button', { name: '确认退款' }).click();
    await expect(admin.getByText('退款成功', { exact: true }).first()).toBeVisible();
    await expect(summary('已退款')).toContainText('¥9.7');
    await expect(summary('可退金额')).toContainText('¥9.7');
    await expect(admin.getByRole('cell', { name: '¥9.7', exact: true })).toBeVisible();
    await console.close();

    // The member's order list says the same, to the fen.
    await page.goto('/member/order');
    const order = page.getByRole('article', { name: '九块九进阶课' });
    await expect(order.getByText('优惠￥0.5，实付￥19.4')).toBeVisible();
    await expect(order.getByText('已退金额：￥9.70')).toBeVisible();
    await expect(order.getByText('￥19.9', { exact: true })).toBeVisible();
  });
});
